import type { Migration } from 'kysely';
import * as m0001 from './0001_foundation';
import * as m0002 from './0002_accounts';
import * as m0003 from './0003_chat';
import * as m0004 from './0004_profiles';
import * as m0006 from './0006_matching';
import * as m0007 from './0007_discover_activity';
import * as m0008 from './0008_hardening';
import * as m0010 from './0010_feed';
import * as m0011 from './0011_push_devices';
import * as m0012 from './0012_payments';
import * as m0013 from './0013_notification_delivery';
import * as m0014 from './0014_push_retries';
import * as m0015 from './0015_payment_events';
import * as m0016 from './0016_limit_counters';
import * as m0017 from './0017_mobile_verification';
import * as m0018 from './0018_message_requests';
import * as m0019 from './0019_report_evidence';
import * as m0020 from './0020_message_flags';
import * as m0021 from './0021_moderation';
import * as m0022 from './0022_verification';
import * as m0025 from './0025_phone_signups';
import * as m0026 from './0026_pending_email';
import * as m0028 from './0028_store_account_tokens';
import * as m0029 from './0029_one_unread_message_item';
import * as m0030 from './0030_store_test_purchases';
import * as m0033 from './0033_jobs';

/**
 * Every migration, in order. Listed statically (not read from disk) so they run the same from
 * source, from a bundle and in tests. Numbers are reserved per issue, so one may land after a
 * higher one has run (migrate.ts allows that); never edit a landed one.
 */
export const migrations: Record<string, Migration> = {
  '0001_foundation': m0001,
  '0002_accounts': m0002,
  '0003_chat': m0003,
  '0004_profiles': m0004,
  '0006_matching': m0006,
  '0007_discover_activity': m0007,
  '0008_hardening': m0008,
  '0010_feed': m0010,
  '0011_push_devices': m0011,
  '0012_payments': m0012,
  '0013_notification_delivery': m0013,
  '0014_push_retries': m0014,
  '0015_payment_events': m0015,
  '0016_limit_counters': m0016,
  '0017_mobile_verification': m0017,
  '0018_message_requests': m0018,
  '0019_report_evidence': m0019,
  '0020_message_flags': m0020,
  '0021_moderation': m0021,
  '0022_verification': m0022,
  '0025_phone_signups': m0025,
  '0026_pending_email': m0026,
  '0028_store_account_tokens': m0028,
  '0029_one_unread_message_item': m0029,
  '0030_store_test_purchases': m0030,
  '0033_jobs': m0033,
};
