import { portToken } from './port-token';

/** Where the links in account mails point: the service's public origin (PUBLIC_URL). */
export interface AccountLinks {
  publicUrl: string;
}
export const ACCOUNT_LINKS = portToken<AccountLinks>('AccountLinks');
