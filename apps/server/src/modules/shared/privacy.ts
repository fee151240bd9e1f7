import type { MessagePolicy, UserSettingsTable } from '../../db/schema';
import { toBool } from '../../db/schema';
import type { Selectable } from 'kysely';

/** A member's privacy settings; a member without a settings row has the defaults. */
export interface Privacy {
  show_age: boolean;
  show_distance: boolean;
  show_online: boolean;
  message_policy: MessagePolicy;
  hide_from_discover: boolean;
}

export const DEFAULT_PRIVACY: Readonly<Privacy> = {
  show_age: true,
  show_distance: true,
  show_online: true,
  message_policy: 'everyone',
  hide_from_discover: false,
};

/** "Who may message me" as stored: anything but 'matches' or 'verified' means everyone. */
export const messagePolicyOf = (value: string | null | undefined): MessagePolicy => (value === 'matches' || value === 'verified' ? value : 'everyone');

export type PrivacyRow = Pick<Selectable<UserSettingsTable>, 'show_age' | 'show_distance' | 'show_online' | 'message_policy' | 'hide_from_discover'>;

/** A settings row as privacy settings; no row means the defaults. */
export function privacyFromRow(row: PrivacyRow | undefined): Privacy {
  if (!row) return { ...DEFAULT_PRIVACY };
  return {
    show_age: toBool(row.show_age),
    show_distance: toBool(row.show_distance),
    show_online: toBool(row.show_online),
    message_policy: messagePolicyOf(row.message_policy),
    hide_from_discover: toBool(row.hide_from_discover),
  };
}
