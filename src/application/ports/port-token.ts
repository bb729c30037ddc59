/**
 * A dependency-injection token that carries the interface it stands for, so the container's tables bind
 * each port to a class that implements it (checked by the compiler). At run time it is a unique symbol.
 */
export type PortToken<T> = symbol & { readonly __port?: T };

export function portToken<T>(name: string): PortToken<T> {
  return Symbol(name) as PortToken<T>;
}
