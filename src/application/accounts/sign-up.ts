import { inject, injectable } from 'tsyringe';
import type { NewUserFields } from '../../domain/user';
import { CreateUser } from '../users/create-user';
import { StartSession, type SessionOrigin } from './start-session';

/** The web sign-up: creates the member and signs the browser in. */
@injectable()
export class SignUp {
  constructor(
    @inject(CreateUser) private readonly createUser: CreateUser,
    @inject(StartSession) private readonly startSession: StartSession,
  ) {}

  async execute(fields: NewUserFields, origin?: SessionOrigin): Promise<{ user: { id: number; username: string }; session: { token: string; expiresAt: Date } }> {
    const user = await this.createUser.execute(fields);
    return { user, session: await this.startSession.execute(user.id, origin) };
  }
}
