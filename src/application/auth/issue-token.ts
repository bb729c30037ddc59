import { inject, injectable } from 'tsyringe';
import { DomainError } from '../../domain/domain-error';
import { formatScopes, type Scope } from '../../domain/scopes';
import { CLOCK, type Clock } from '../ports/clock';
import { TOKEN_POLICY, type TokenPolicy } from '../ports/token-policy';
import { UNIT_OF_WORK, type UnitOfWork } from '../ports/unit-of-work';
import { newSecret, sha256Hex } from './secrets';

export interface IssueTokenInput {
  userId: number;
  /** The client's public `client_id`. */
  clientId: string;
  scopes: readonly Scope[];
}

/** Issues an access token for a user and a client directly (operators and scripts, not OAuth). */
@injectable()
export class IssueToken {
  constructor(
    @inject(UNIT_OF_WORK) private readonly uow: UnitOfWork,
    @inject(CLOCK) private readonly clock: Clock,
    @inject(TOKEN_POLICY) private readonly policy: TokenPolicy,
  ) {}

  async execute(input: IssueTokenInput): Promise<{ accessToken: string; scope: string }> {
    const accessToken = newSecret();
    const now = this.clock.now();
    const ttl = this.policy.accessTokenTtlS;
    const scopes = [...new Set(input.scopes)];
    await this.uow.run(async ({ users, clients, tokens }) => {
      const client = await clients.findByClientId(input.clientId);
      if (client === null) throw DomainError.notFound('client', input.clientId);
      if (await users.findById(input.userId) === null) throw DomainError.notFound('user', input.userId);
      await tokens.create({
        tokenHash: sha256Hex(accessToken),
        userId: input.userId,
        clientId: client.id,
        scopes,
        expiresAt: ttl === null ? null : new Date(now.getTime() + ttl * 1000),
      }, now);
    });
    return { accessToken, scope: formatScopes(scopes) };
  }
}
