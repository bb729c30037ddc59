import { inject, injectable } from 'tsyringe';
import { requireScope, type Actor } from '../../domain/actor';
import { DomainError } from '../../domain/domain-error';
import { CLOCK, type Clock } from '../ports/clock';
import { PLACE_VIEWS, type PlaceViews } from '../ports/place-views';
import { UNIT_OF_WORK, type UnitOfWork } from '../ports/unit-of-work';
import { viewerOf } from '../viewer';

/** The actor follows a place they can see (scope `write`); true when the follow is new, false when it already was. */
@injectable()
export class FollowPlace {
  constructor(
    @inject(PLACE_VIEWS) private readonly places: PlaceViews,
    @inject(UNIT_OF_WORK) private readonly uow: UnitOfWork,
    @inject(CLOCK) private readonly clock: Clock,
  ) {}

  async execute(actor: Actor, placeId: number): Promise<boolean> {
    const userId = requireScope(actor, 'write');
    // Places are never deleted, so the check may run before the transaction (PGlite has one connection).
    if ((await this.places.get(viewerOf(actor), placeId)) === null) throw DomainError.notFound('place', placeId);
    return this.uow.run(({ follows }) => follows.followPlace(userId, placeId, this.clock.now()));
  }
}
