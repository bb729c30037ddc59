import { ADDRESS_FIELDS, DEFAULT_ZOOM_LEVEL, displayAddress, type Location } from '../../../src/domain/location';

const at = (parts: Partial<Location>): Location => ({
  latitude: 48.85,
  longitude: 2.35,
  street: null,
  streetNumber: null,
  streetAddress: null,
  neighborhood: null,
  city: null,
  state: null,
  postalCode: null,
  country: null,
  isoCountryCode: null,
  zoomLevel: null,
  ...parts,
});

describe('displayAddress', () => {
  it('joins streetAddress, city, state and country with ", "', () => {
    const location = at({ streetAddress: '10 Downing Street', city: 'London', state: 'England', country: 'United Kingdom' });
    expect(displayAddress(location)).toBe('10 Downing Street, London, England, United Kingdom');
  });

  it('prefers streetAddress to streetNumber and street', () => {
    expect(displayAddress(at({ streetAddress: '1 Main St', streetNumber: '2', street: 'Other St', city: 'X' })))
      .toBe('1 Main St, X');
  });

  it('falls back to streetNumber and street, joined by a space', () => {
    expect(displayAddress(at({ streetNumber: '221B', street: 'Baker Street', city: 'London' })))
      .toBe('221B Baker Street, London');
  });

  it('uses street alone, or streetNumber alone, when only one is present', () => {
    expect(displayAddress(at({ street: 'Rue de Rivoli', city: 'Paris' }))).toBe('Rue de Rivoli, Paris');
    expect(displayAddress(at({ streetNumber: '5', city: 'Paris' }))).toBe('5, Paris');
  });

  it('leaves out the parts that are absent', () => {
    expect(displayAddress(at({ city: 'Lyon', country: 'France' }))).toBe('Lyon, France');
    expect(displayAddress(at({ state: 'Bavaria' }))).toBe('Bavaria');
  });

  it('leaves out parts that are only white space', () => {
    expect(displayAddress(at({ city: '  ', country: 'Japan' }))).toBe('Japan');
  });

  it('is the empty string when no part is present', () => {
    expect(displayAddress(at({}))).toBe('');
  });

  it('does not show neighborhood, postal code, country code or coordinates', () => {
    const location = at({ neighborhood: 'Marais', postalCode: '75004', isoCountryCode: 'FR', zoomLevel: 12, city: 'Paris' });
    expect(displayAddress(location)).toBe('Paris');
  });
});

describe('location constants', () => {
  it('lists the eight address fields a client may send', () => {
    expect([...ADDRESS_FIELDS].sort()).toEqual(
      ['city', 'country', 'neighborhood', 'postalCode', 'state', 'street', 'streetAddress', 'streetNumber'],
    );
  });

  it('defaults the zoom level to 15', () => {
    expect(DEFAULT_ZOOM_LEVEL).toBe(15);
  });
});
