import { APP_NAME, matchRoute, type RouteDef } from '@linkup/contract';
import { useLocation } from 'react-router';

/** The contract's route definition for the current page. */
export function useRouteDef(): RouteDef | undefined {
  return matchRoute(useLocation().pathname);
}

export const documentTitle = (title: string | undefined) => (title ? `${title} · ${APP_NAME}` : APP_NAME);
