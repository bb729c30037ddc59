import { inject, injectable } from 'tsyringe';
import { requireScope, type Actor } from '../../domain/actor';
import { DomainError } from '../../domain/domain-error';
import { PLACE_VIEWS, type PlaceViews } from '../ports/place-views';
import { UNIT_OF_WORK, type UnitOfWork } from '../ports/unit-of-work';
import { viewerOf } from '../viewer';

/**
 * The actor stops following a place (scope `write`); `userId` must be the actor's own (403 otherwise).
 * A follower may leave a place whose notes they can no longer read; for anyone else that place is 404.
 */
@injectable()
export class UnfollowPlace {
  constructor(
    @inject(PLACE_VIEWS) private readonly places: PlaceViews,
    @inject(UNIT_OF_WORK) private readonly uow: UnitOfWork,
  ) {}

  async execute(actor: Actor, placeId: number, userId: number): Promise<void> {
    const actorId = requireScope(actor, 'write');
    const visible = (await this.places.get(viewerOf(actor), placeId)) !== null;
    if (userId !== actorId) {
      if (!visible) throw DomainError.notFound('place', placeId);
      throw new DomainError('forbidden', `only user ${userId} may end their follow of place ${placeId}`);
    }
    const removed = await this.uow.run(({ follows }) => follows.unfollowPlace(actorId, placeId));
    if (removed) return;
    if (!visible) throw DomainError.notFound('place', placeId);
    throw new DomainError('not_found', `user ${actorId} does not follow place ${placeId}`);
  }
}
