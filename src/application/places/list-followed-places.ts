import { inject, injectable } from 'tsyringe';
import type { Actor } from '../../domain/actor';
import { DomainError } from '../../domain/domain-error';
import type { Page, PageRequest } from '../ports/paging';
import { PLACE_VIEWS, type PlaceView, type PlaceViews } from '../ports/place-views';
import { USER_REPOSITORY, type UserRepository } from '../ports/user-repository';
import { viewerOf } from '../viewer';

/** The places a user follows that the actor can see, most recent follow first; 404 for a user that does not exist. */
@injectable()
export class ListFollowedPlaces {
  constructor(@inject(USER_REPOSITORY) private readonly users: UserRepository, @inject(PLACE_VIEWS) private readonly places: PlaceViews) {}

  async execute(actor: Actor, userId: number, page: PageRequest): Promise<Page<PlaceView>> {
    if ((await this.users.findById(userId)) === null) throw DomainError.notFound('user', userId);
    return this.places.followedBy(viewerOf(actor), userId, page);
  }
}
