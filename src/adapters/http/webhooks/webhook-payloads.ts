import { inject, injectable } from 'tsyringe';
import type { WebhookData, WebhookPayloads } from '../../../application/ports/webhook-delivery';
import type { Actor } from '../../../domain/actor';
import type { WebhookEventType } from '../../../domain/webhook';
import { presentComment } from '../comments/comment.presenter';
import { Links } from '../links';
import { presentNote } from '../notes/note.presenter';
import { presentUser } from '../users/user.presenter';

/**
 * Webhook bodies (docs/events.md): `{"id", "type", "createdAt", "data"}` (`createdAt` in Unix seconds, like every timestamp of the API), `data` written by the presenters of the
 * API's own answers, for the subscriber's user, so an event shows a resource exactly as a GET of it would.
 */
@injectable()
export class HttpWebhookPayloads implements WebhookPayloads {
  constructor(@inject(Links) private readonly links: Links) {}

  body(event: { id: string; type: WebhookEventType; at: Date }, data: WebhookData, reader: Actor): string {
    return JSON.stringify({ id: event.id, type: event.type, createdAt: Math.floor(event.at.getTime() / 1000), data: this.#data(data, reader) });
  }

  #data(data: WebhookData, reader: Actor): unknown {
    switch (data.kind) {
      case 'note': return presentNote(data.note, reader, this.links);
      case 'deleted-note': return { id: data.id };
      case 'comment': return presentComment(data.comment, reader, this.links);
      case 'favorite': return { note: presentNote(data.note, reader, this.links), user: presentUser(data.user, this.links, false) };
      case 'follow': return { follower: presentUser(data.follower, this.links, false), user: presentUser(data.user, this.links, false) };
    }
  }
}
