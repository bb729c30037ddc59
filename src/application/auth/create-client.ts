import { randomBytes } from 'node:crypto';
import { inject, injectable } from 'tsyringe';
import { DomainError, type FieldProblem } from '../../domain/domain-error';
import { longerThan } from '../../domain/text';
import { CLOCK, type Clock } from '../ports/clock';
import { UNIT_OF_WORK, type UnitOfWork } from '../ports/unit-of-work';
import type { UserRepository } from '../ports/user-repository';
import { newSecret, sha256Hex } from './secrets';

export const CLIENT_NAME_MAX = 100;

/** The owner is named by username (the CLI) or by id (the signed-in user of the web pages). */
export type ClientOwner = { ownerUsername: string } | { ownerId: number };

export type NewClientFields = ClientOwner & {
  name: string;
  redirectUris: readonly string[];
  /** A public client has no secret and uses the code flow with PKCE. */
  public?: boolean;
  /** Whether the client-side (implicit) flow is allowed; off unless asked for (RFC 9700 §2.1.2 advises against it). */
  allowImplicit?: boolean;
};

/** Registers an OAuth application; its secret is returned once and stored only as a hash. */
@injectable()
export class CreateClient {
  constructor(
    @inject(UNIT_OF_WORK) private readonly uow: UnitOfWork,
    @inject(CLOCK) private readonly clock: Clock,
  ) {}

  async execute(fields: NewClientFields): Promise<{ clientId: string; clientSecret: string | null }> {
    const name = fields.name.trim();
    const problems: FieldProblem[] = [];
    if (name === '' || longerThan(name, CLIENT_NAME_MAX)) {
      problems.push({ name: 'name', problem: `must be 1-${CLIENT_NAME_MAX} characters` });
    }
    problems.push(...redirectUriProblems(fields.redirectUris));
    if (problems.length > 0) throw DomainError.invalid(problems);

    const clientId = randomBytes(16).toString('hex');
    const clientSecret = fields.public === true ? null : newSecret();
    await this.uow.run(async ({ users, clients }) => clients.create({
      clientId,
      secretHash: clientSecret === null ? null : sha256Hex(clientSecret),
      name,
      ownerId: await ownerId(users, fields),
      redirectUris: [...new Set(fields.redirectUris)],
      allowImplicit: fields.allowImplicit ?? false,
    }, this.clock.now()));
    return { clientId, clientSecret };
  }
}

/** Redirect URIs are compared exactly later, so each must be an absolute http(s) URL without a fragment. */
function redirectUriProblems(uris: readonly string[]): FieldProblem[] {
  if (uris.length === 0) return [{ name: 'redirect_uri', problem: 'is required' }];
  return uris.filter((uri) => {
    if (!URL.canParse(uri)) return true;
    const url = new URL(uri);
    return (url.protocol !== 'http:' && url.protocol !== 'https:') || url.hash !== '' || uri.includes('#');
  }).map((uri) => ({ name: 'redirect_uri', problem: `"${uri}" must be an absolute http(s) URL without a fragment` }));
}

async function ownerId(users: UserRepository, owner: ClientOwner): Promise<number> {
  const user = 'ownerId' in owner ? await users.findById(owner.ownerId) : await users.findByUsername(owner.ownerUsername);
  if (user === null) throw DomainError.notFound('user', 'ownerId' in owner ? owner.ownerId : owner.ownerUsername);
  return user.id;
}
