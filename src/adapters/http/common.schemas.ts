import { Type } from 'typebox';

/** `{meta: {count, nextUrl}}`: a related list embedded in a resource. */
export const Association = Type.Object({
  meta: Type.Object({ count: Type.Integer(), nextUrl: Type.String() }),
});

export function association(count: number, nextUrl: string) {
  return { meta: { count, nextUrl } };
}

export const NullableString = Type.Union([Type.String(), Type.Null()]);

export const IdParams = Type.Object({ id: Type.String() });
