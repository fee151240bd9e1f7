/**
 * Notification sounds (spec §9): a different sound for match, message, like and view, played at
 * volume 0.5 — unless the member muted them (Settings → Notifications), a choice kept on this
 * device in localStorage.
 */
import { NOTIFICATION_SOUND_OF, NOTIFICATION_SOUND_VOLUME } from '@linkup/contract';
import { create } from 'zustand';

export const SOUND_MUTED_STORAGE_KEY = 'linkup.notification-sound.muted';

function readMuted(): boolean {
  try {
    return window.localStorage.getItem(SOUND_MUTED_STORAGE_KEY) === 'true';
  } catch {
    return false;
  }
}

interface SoundState {
  muted: boolean;
  setMuted: (muted: boolean) => void;
}

export const useNotificationSoundStore = create<SoundState>()((set) => ({
  muted: readMuted(),
  setMuted: (muted) => {
    try {
      window.localStorage.setItem(SOUND_MUTED_STORAGE_KEY, String(muted));
    } catch {
      // Storage unavailable: the choice lasts until the page closes.
    }
    set({ muted });
  },
}));

/** Where a sound's file is served (public/sounds). */
export const soundUrl = (sound: string) => `/sounds/${sound}.wav`;

/**
 * Plays the sound of a notification type, if it has one and sounds are on. Answers the element
 * playing (null when silent). A browser that blocks sound before the first tap stays silent.
 */
export function playNotificationSound(type: string): HTMLAudioElement | null {
  const sound = NOTIFICATION_SOUND_OF[type];
  if (!sound || useNotificationSoundStore.getState().muted) return null;
  const audio = new Audio(soundUrl(sound));
  audio.volume = NOTIFICATION_SOUND_VOLUME;
  void audio.play()?.catch(() => {});
  return audio;
}
