import { inject, injectable } from 'tsyringe';
import { CONFIG, type Config } from '../../config-types';

/** Absolute URLs of the public pages and files, and API paths of lists (association `nextUrl`s). */
@injectable()
export class Links {
  private readonly origin: string;

  constructor(@inject(CONFIG) config: Config) {
    this.origin = config.publicUrl;
  }

  note(id: number): string {
    return `${this.origin}/notes/${id}`;
  }

  notemap(id: number): string {
    return `${this.origin}/notemaps/${id}`;
  }

  user(username: string): string {
    return `${this.origin}/users/${encodeURIComponent(username)}`;
  }

  tag(name: string): string {
    return `${this.origin}/tags/${encodeURIComponent(name)}`;
  }

  place(id: number): string {
    return `${this.origin}/places/${id}`;
  }

  avatar(hash: string): string {
    return `${this.origin}/avatars/${hash}`;
  }

  image(key: string): string {
    return `${this.origin}/images/${key}`;
  }
}

/** The `/v2` path of a list, for association objects. */
export function apiPath(...segments: (string | number)[]): string {
  return `/v2/${segments.map((s) => encodeURIComponent(String(s))).join('/')}`;
}
