import { DEFAULT_AUTHED_PATH, UI_TEXTS } from '@linkup/contract';
import { useEffect, useState } from 'react';
import { useRouteError } from 'react-router';
import { reloadForNewBuild } from '@/app/start-up-guards';

/** What browsers say when a page's code (a chunk) cannot be fetched: a deploy removed it, or the network is gone. */
const CHUNK_LOAD_FAILURE = /dynamically imported module|module script failed|Importing a module script|Unable to preload CSS|Failed to fetch/i;

export function isChunkLoadError(error: unknown): boolean {
  return error instanceof Error && (error.name === 'ChunkLoadError' || CHUNK_LOAD_FAILURE.test(error.message));
}

/**
 * What a page that throws while rendering, or whose code cannot load, shows instead of React
 * Router's "Unexpected Application Error!" (issue 32). A page whose code cannot load reloads the
 * app once (a deploy replaced its files; the reload fetches the new build), and shows this page if
 * that did not help. The error is logged (spec §8: global errors are logged, with no technical
 * message for the member).
 */
export function RouteError() {
  const error = useRouteError();
  const chunk = isChunkLoadError(error);
  const [reloading, setReloading] = useState(false);

  useEffect(() => {
    console.error(chunk ? 'A page could not load its code' : 'A page failed', error);
    if (chunk && reloadForNewBuild()) setReloading(true);
  }, [error, chunk]);

  const texts = UI_TEXTS.pageError;
  return (
    <main id="main" className="route-error" role={reloading ? 'status' : 'alert'}>
      <i className="pi pi-exclamation-circle route-error-icon" aria-hidden="true" />
      <h1>{reloading ? texts.reloading : chunk ? texts.chunkTitle : texts.title}</h1>
      {!reloading && (
        <>
          <p>{chunk ? texts.chunkText : texts.text}</p>
          <div className="route-error-actions">
            <button type="button" className="btn-link-primary" onClick={() => window.location.reload()}>{texts.reload}</button>
            {/* A full load, not a route change: the app's code itself may be what failed. */}
            <a className="btn-outline" href={DEFAULT_AUTHED_PATH}>{texts.home}</a>
          </div>
        </>
      )}
    </main>
  );
}
