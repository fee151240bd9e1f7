import '@/features/profile/profile.css';
import { PHOTOS_MAX, PROFILE_MESSAGES, photoTooLargeMessage, type Photo, type PhotoList } from '@linkup/contract';
import { Button } from '@/components/button';
import { ProgressBar } from '@/components/progress-bar';
import { useQueryClient } from '@tanstack/react-query';
import { Suspense, lazy, useId, useState, type ChangeEvent } from 'react';
import { toast } from '@/lib/toast';
import { profileKeys } from '@/features/profile/api/keys';
import { useDeletePhoto } from '@/features/profile/api/delete-photo';
import { usePhotos } from '@/features/profile/api/get-photos';
import { useReorderPhotos } from '@/features/profile/api/reorder-photos';
import { useSetPrimaryPhoto } from '@/features/profile/api/set-primary-photo';
import { useUploadPhoto } from '@/features/profile/api/upload-photo';
import { LoadFailed, Loading } from '@/components/load-state';
import { FormMessage } from '@/components/form-field';
import { isApiClientError } from '@/lib/api-client';
import { confirmDialog } from '@/lib/dialogs';
import { mediaUrl } from '@/lib/media-url';

/** The crop step's code loads when a photo is picked: it is not part of the first page's budget. */
const PhotoCropDialog = lazy(() => import('@/components/photo-crop-dialog').then((m) => ({ default: m.PhotoCropDialog })));

export const PHOTO_TEXTS = {
  empty: 'No photos yet. Add at least one so other members can see who you are.',
  add: 'Add photo',
  addMore: 'Add photos',
  uploading: 'Uploading photo',
  main: 'Main photo',
  setMain: 'Set as main',
  earlier: 'Move earlier',
  later: 'Move later',
  remove: 'Delete',
  deleteConfirm: 'Delete this photo?',
  deleteConfirmText: 'It will be removed from your profile for good.',
  full: `You have ${PHOTOS_MAX} photos, the most you can have. Delete one to add another.`,
  tips: 'JPEG, PNG or WebP, up to 6 photos. We remove location and camera details from every photo.',
  failed: 'Something went wrong with your photos. Please try again.',
} as const;

export interface PhotoManagerProps {
  /** Called with my photos after every change (upload, reorder, main photo, delete). */
  onChange?: (photos: Photo[]) => void;
  /** Each chosen photo is framed (move/zoom in the card's frame) before it is uploaded (issue 32 item 8). */
  crop?: boolean;
}

/** The member's photos: a grid of up to six, upload with progress, choose the main one, reorder, delete. */
export function PhotoManager({ onChange, crop = false }: PhotoManagerProps) {
  const photos = usePhotos();
  if (photos.isError) return <LoadFailed what="Your photos" onRetry={() => void photos.refetch()} />;
  if (!photos.data) return <Loading label="Loading your photos" />;
  return <PhotoManagerBody list={photos.data} onChange={onChange} crop={crop} />;
}

function PhotoManagerBody({ list, onChange, crop }: { list: PhotoList; onChange?: ((photos: Photo[]) => void) | undefined; crop: boolean }) {
  const { photos, max_photos: maxPhotos, max_bytes: maxBytes } = list;
  const inputId = useId();
  const [error, setError] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  // The crop step (issue 32 item 8): each chosen photo is framed before it is uploaded.
  const [cropping, setCropping] = useState<{ file: File; resolve: (blob: Blob | null) => void } | null>(null);
  const cropFile = (file: File) => new Promise<Blob | null>((resolve) => setCropping({ file, resolve }));
  const queryClient = useQueryClient();
  const upload = useUploadPhoto();
  const reorder = useReorderPhotos();
  const setPrimary = useSetPrimaryPhoto();
  const remove = useDeletePhoto();
  const busy = progress !== null || reorder.isPending || setPrimary.isPending || remove.isPending;
  const full = photos.length >= maxPhotos;

  /** One message in place (issue 32 item 16): the manager's own alert, no toast besides. */
  function showError(message: string) {
    setError(message);
  }

  function fail(err: unknown) {
    showError(isApiClientError(err) ? (err.errors?.photo?.[0] ?? err.errors?.photo_ids?.[0] ?? err.serverMessage ?? err.message) : PHOTO_TEXTS.failed);
  }

  async function handleFiles(event: ChangeEvent<HTMLInputElement>) {
    const files = Array.from(event.target.files ?? []);
    event.target.value = '';
    if (files.length === 0) return;
    setError(null);
    const room = Math.max(maxPhotos - photos.length, 0);
    let uploaded = 0;
    for (const file of files.slice(0, room)) {
      if (file.size > maxBytes) {
        showError(photoTooLargeMessage(maxBytes));
        continue;
      }
      const framed = crop ? await cropFile(file) : file;
      setCropping(null);
      if (!framed) continue;
      setProgress(0);
      try {
        await upload.mutateAsync({ file: framed, fileName: framed === file ? file.name : jpegName(file.name), onProgress: setProgress });
        uploaded += 1;
        toast.success(PROFILE_MESSAGES.photoUploaded);
      } catch (err) {
        fail(err);
      } finally {
        setProgress(null);
      }
    }
    if (files.length > room) showError(room === 0 ? PHOTO_TEXTS.full : `Only ${room} more photo${room === 1 ? ' was' : 's were'} added: you can have ${maxPhotos}.`);
    if (uploaded > 0) onChange?.(queryClient.getQueryData<PhotoList>(profileKeys.photos())?.photos ?? []);
  }

  async function move(photo: Photo, delta: -1 | 1) {
    const ids = photos.map((p) => p.id);
    const from = ids.indexOf(photo.id);
    const to = from + delta;
    if (to < 0 || to >= ids.length) return;
    [ids[from], ids[to]] = [ids[to]!, ids[from]!];
    setError(null);
    try {
      const result = await reorder.mutateAsync(ids);
      onChange?.(result.photos);
      focusPhoto(photo.id, delta);
    } catch (err) {
      fail(err);
    }
  }

  async function makePrimary(photo: Photo) {
    setError(null);
    try {
      const result = await setPrimary.mutateAsync(photo.id);
      toast.success(PROFILE_MESSAGES.primarySet);
      onChange?.(result.photos);
    } catch (err) {
      fail(err);
    }
  }

  async function handleDelete(photo: Photo) {
    if (!(await confirmDialog(PHOTO_TEXTS.deleteConfirm, PHOTO_TEXTS.deleteConfirmText, { destructive: true, confirmLabel: 'Delete photo' }))) return;
    setError(null);
    try {
      const result = await remove.mutateAsync(photo.id);
      toast.success(PROFILE_MESSAGES.photoDeleted);
      onChange?.(result.photos);
    } catch (err) {
      fail(err);
    }
  }

  return (
    <div className="photo-manager">
      <p className="photo-count" aria-live="polite">
        {photos.length} of {maxPhotos} photos
      </p>
      {error && <FormMessage tone="error">{error}</FormMessage>}
      {photos.length === 0 && <p className="photo-empty">{PHOTO_TEXTS.empty}</p>}

      <ol className="photo-grid" aria-label="My photos">
        {photos.map((photo, index) => (
          <li key={photo.id} className={`photo-tile${photo.is_primary ? ' is-primary' : ''}`} data-photo-id={photo.id}>
            <img src={mediaUrl(photo.sizes.medium)} alt={`Photo ${index + 1}${photo.is_primary ? ' (main photo)' : ''}`} width={photo.width} height={photo.height} loading="lazy" />
            {photo.is_primary && <span className="photo-badge">{PHOTO_TEXTS.main}</span>}
            <div className="photo-actions">
              {!photo.is_primary && (
                <Button type="button" icon="pi pi-star" className="photo-action" aria-label={`${PHOTO_TEXTS.setMain}: photo ${index + 1}`} title={PHOTO_TEXTS.setMain}
                  disabled={busy} onClick={() => void makePrimary(photo)} />
              )}
              <Button type="button" icon="pi pi-arrow-left" className="photo-action" aria-label={`${PHOTO_TEXTS.earlier}: photo ${index + 1}`} title={PHOTO_TEXTS.earlier}
                data-move="earlier" disabled={busy || index === 0} onClick={() => void move(photo, -1)} />
              <Button type="button" icon="pi pi-arrow-right" className="photo-action" aria-label={`${PHOTO_TEXTS.later}: photo ${index + 1}`} title={PHOTO_TEXTS.later}
                data-move="later" disabled={busy || index === photos.length - 1} onClick={() => void move(photo, 1)} />
              <Button type="button" icon="pi pi-trash" className="photo-action photo-action--danger" aria-label={`${PHOTO_TEXTS.remove}: photo ${index + 1}`} title={PHOTO_TEXTS.remove}
                disabled={busy} onClick={() => void handleDelete(photo)} />
            </div>
          </li>
        ))}
        {!full && (
          <li className="photo-tile photo-tile--add">
            <label htmlFor={inputId} className={`photo-add${busy ? ' is-disabled' : ''}`}>
              <i className="pi pi-plus" aria-hidden="true" />
              <span>{photos.length === 0 ? PHOTO_TEXTS.addMore : PHOTO_TEXTS.add}</span>
            </label>
            <input id={inputId} type="file" name="photo" className="sr-only" accept="image/*" multiple
              disabled={busy} onChange={(e) => void handleFiles(e)} />
          </li>
        )}
      </ol>

      {cropping && (
        <Suspense fallback={null}>
          <PhotoCropDialog file={cropping.file} onDone={(blob) => cropping.resolve(blob)} onCancel={() => cropping.resolve(null)} />
        </Suspense>
      )}
      {progress !== null && <ProgressBar value={progress} aria-label={PHOTO_TEXTS.uploading} className="photo-progress" />}
      {full && <p className="field-hint">{PHOTO_TEXTS.full}</p>}
      <p className="field-hint">{PHOTO_TEXTS.tips}</p>
    </div>
  );
}

/** The framed photo's name: the chosen one's, as a JPEG. */
function jpegName(name: string): string {
  return `${name.replace(/\.[^.]*$/, '') || 'photo'}.jpg`;
}

/** Keeps keyboard focus on the moved photo's button after the grid re-renders. */
function focusPhoto(photoId: string, delta: -1 | 1) {
  setTimeout(() => {
    const tile = document.querySelector(`[data-photo-id="${CSS.escape(photoId)}"]`);
    const button = tile?.querySelector<HTMLButtonElement>(`[data-move="${delta < 0 ? 'earlier' : 'later'}"]:not([disabled])`)
      ?? tile?.querySelector<HTMLButtonElement>('[data-move]:not([disabled])');
    button?.focus();
  }, 0);
}
