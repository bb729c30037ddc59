import { gravatarInput, validateNewUser, type NewUserFields } from '../../../src/domain/user';
import { problemsOf } from './domain-error-of';

const valid: NewUserFields = { username: 'alice', email: 'alice@example.com', password: 'correct horse' };
const problemNames = (fields: Partial<NewUserFields>) =>
  problemsOf(() => validateNewUser({ ...valid, ...fields })).map((p) => p.name);

describe('validateNewUser', () => {
  it('accepts a valid sign-up, with no name as null', () => {
    expect(validateNewUser(valid)).toEqual({ ...valid, name: null });
  });

  it('trims the name and turns a blank name into null', () => {
    expect(validateNewUser({ ...valid, name: '  Alice Liddell ' }).name).toBe('Alice Liddell');
    expect(validateNewUser({ ...valid, name: '   ' }).name).toBeNull();
    expect(validateNewUser({ ...valid, name: null }).name).toBeNull();
  });

  it.each(['ab', 'a'.repeat(30), 'alice_99', 'a.b-c', '_hidden', 'Alice', '9lives'])('accepts the username %j', (username) => {
    expect(validateNewUser({ ...valid, username }).username).toBe(username);
  });

  it.each(['a', 'a'.repeat(31), '.alice', '-alice', 'al ice', 'alice!', 'élise', ''])('refuses the username %j', (username) => {
    expect(problemNames({ username })).toEqual(['username']);
  });

  it('refuses a username of digits only, which would read as an id', () => {
    expect(problemsOf(() => validateNewUser({ ...valid, username: '12345' }))).toEqual([
      { name: 'username', problem: 'must not be only digits' },
    ]);
  });

  it.each(['alice', 'alice@', '@example.com', 'alice@example', 'a b@example.com', 'a@@example.com'])(
    'refuses the e-mail %j',
    (email) => {
      expect(problemNames({ email })).toEqual(['email']);
    },
  );

  it('refuses an e-mail longer than 254 characters', () => {
    const local = 'a'.repeat(64);
    const domain = `${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(63)}.com`;
    expect(problemNames({ email: `${local}@${domain}` })).toEqual(['email']);
    expect(validateNewUser({ ...valid, email: `${local}@${'b'.repeat(60)}.com` }).email).toContain('@');
  });

  it('needs a password of at least 8 characters, counted in code points', () => {
    expect(problemNames({ password: '1234567' })).toEqual(['password']);
    expect(validateNewUser({ ...valid, password: '12345678' }).password).toBe('12345678');
    expect(problemNames({ password: '\u{1F511}'.repeat(7) })).toEqual(['password']);
    expect(validateNewUser({ ...valid, password: '\u{1F511}'.repeat(8) }).password).toBe('\u{1F511}'.repeat(8));
  });

  it('allows a name of 100 characters and refuses 101', () => {
    expect(validateNewUser({ ...valid, name: 'n'.repeat(100) }).name).toBe('n'.repeat(100));
    expect(problemNames({ name: 'n'.repeat(101) })).toEqual(['name']);
  });

  it('reports every problem at once', () => {
    expect(problemNames({ username: '!', email: 'nope', password: 'short', name: 'n'.repeat(101) }))
      .toEqual(['username', 'email', 'password', 'name']);
  });
});

describe('gravatarInput', () => {
  it('is the trimmed, lowercased e-mail', () => {
    expect(gravatarInput('  Alice@Example.COM ')).toBe('alice@example.com');
  });
});
