import type { Migration } from 'kysely/migration';
import { migration as initial } from './0001_initial';
import { migration as webSessions } from './0002_web_sessions';
import { migration as noteSearch } from './0003_note_search';
import { migration as avatarKey } from './0004_avatar_key';
import { migration as noteCounters } from './0005_note_counters';
import { migration as counterShards } from './0006_counter_shards';
import { migration as accessTokenChanges } from './0007_access_token_changes';
import { migration as idempotencyKeys } from './0008_idempotency_keys';
import { migration as locationPrecision } from './0009_location_precision';
import { migration as noteChanges } from './0010_note_changes';
import { migration as webhooks } from './0011_webhooks';
import { migration as plpgsqlTriggerHelpers } from './0012_plpgsql_trigger_helpers';
import { migration as noteCreatedEventsPerStatement } from './0013_note_created_events_per_statement';
import { migration as noteTagKeysPerStatement } from './0014_note_tag_keys_per_statement';
import { migration as lighterNoteInsertTriggers } from './0015_lighter_note_insert_triggers';
import { migration as webhookWakeNamesSchema } from './0016_webhook_wake_names_schema';
import { migration as webhookDeliveryScopes } from './0017_webhook_delivery_scopes';
import { migration as noteStates } from './0018_note_states';
import { migration as noteStatesOfNewNotes } from './0019_note_states_of_new_notes';
import { migration as notemapNoteOrderAndCounts } from './0020_notemap_note_order_and_counts';
import { migration as mailOutbox } from './0021_mail_outbox';
import { migration as twoStepSignIn } from './0022_two_step_sign_in';
import { migration as userBlocks } from './0023_user_blocks';
import { migration as signUps } from './0024_sign_ups';

/**
 * Every migration, by name, in the order they run. Listed in code rather than read from the
 * directory so the same list works under jest, tsx and the compiled dist/. Forward-only: never edit
 * or remove an entry that has shipped; add the next one.
 */
export const migrations: Readonly<Record<string, Migration>> = {
  '0001_initial': initial,
  '0002_web_sessions': webSessions,
  '0003_note_search': noteSearch,
  '0004_avatar_key': avatarKey,
  '0005_note_counters': noteCounters,
  '0006_counter_shards': counterShards,
  '0007_access_token_changes': accessTokenChanges,
  '0008_idempotency_keys': idempotencyKeys,
  '0009_location_precision': locationPrecision,
  '0010_note_changes': noteChanges,
  '0011_webhooks': webhooks,
  '0012_plpgsql_trigger_helpers': plpgsqlTriggerHelpers,
  '0013_note_created_events_per_statement': noteCreatedEventsPerStatement,
  '0014_note_tag_keys_per_statement': noteTagKeysPerStatement,
  '0015_lighter_note_insert_triggers': lighterNoteInsertTriggers,
  '0016_webhook_wake_names_schema': webhookWakeNamesSchema,
  '0017_webhook_delivery_scopes': webhookDeliveryScopes,
  '0018_note_states': noteStates,
  '0019_note_states_of_new_notes': noteStatesOfNewNotes,
  '0020_notemap_note_order_and_counts': notemapNoteOrderAndCounts,
  '0021_mail_outbox': mailOutbox,
  '0022_two_step_sign_in': twoStepSignIn,
  '0023_user_blocks': userBlocks,
  '0024_sign_ups': signUps,
};
