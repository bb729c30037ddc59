import { DomainError } from '../../../src/domain/domain-error';
import { parseWebhookFields, WEBHOOK_EVENT_TYPES } from '../../../src/domain/webhook';

const fieldsOf = (run: () => unknown): string[] => {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(DomainError);
    return ((error as DomainError).details.fields ?? []).map((f) => f.name);
  }
  throw new Error('accepted');
};

describe('a new webhook subscription', () => {
  it('takes a URL, one or more event types (once each) and the filters of note lists', () => {
    expect(parseWebhookFields({
      url: ' https://hooks.example.org/pn ', events: ['note.created', 'note.deleted', 'note.created'],
      bbox: '-10,35,5,44', near: '38.7,-9.1', radius: 500, notemap_id: 12,
    })).toEqual({
      url: 'https://hooks.example.org/pn',
      events: ['note.created', 'note.deleted'],
      filters: {
        bbox: { kind: 'bbox', minLon: -10, minLat: 35, maxLon: 5, maxLat: 44 },
        near: { kind: 'circle', center: { latitude: 38.7, longitude: -9.1 }, radius: 500 },
        notemapId: 12,
      },
    });
    expect(parseWebhookFields({ url: 'https://x.example', events: [...WEBHOOK_EVENT_TYPES] }).events).toHaveLength(6);
  });

  it('names every field that is wrong', () => {
    expect(fieldsOf(() => parseWebhookFields({}))).toEqual(['url', 'events']);
    expect(fieldsOf(() => parseWebhookFields({ url: 'https://x.example', events: ['note.created', 'note.exploded'] }))).toEqual(['events']);
    expect(fieldsOf(() => parseWebhookFields({ url: 'https://x.example', events: 'note.created' }))).toEqual(['events']);
    expect(fieldsOf(() => parseWebhookFields({ url: 'https://x.example', events: ['note.created'], bbox: '1,2', radius: 10, notemap_id: 'x' })))
      .toEqual(['bbox', 'radius', 'notemap_id']);
  });
});
