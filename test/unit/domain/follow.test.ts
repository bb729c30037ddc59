import { checkUserFollow, mayEndUserFollow } from '../../../src/domain/follow';
import { problemsOf } from './domain-error-of';

describe('checkUserFollow', () => {
  it('lets a user follow someone else', () => {
    expect(() => checkUserFollow(1, 2)).not.toThrow();
  });

  it('refuses a user following themselves, naming user_id', () => {
    expect(problemsOf(() => checkUserFollow(7, 7))).toEqual([{ name: 'user_id', problem: expect.stringMatching(/cannot follow themselves/) }]);
  });
});

describe('mayEndUserFollow', () => {
  const follow = { followerId: 1, followedId: 2 };

  it.each([
    [1, true, 'the follower, unfollowing'],
    [2, true, 'the followed user, removing a follower'],
    [3, false, 'anyone else'],
  ])('user %p: %p (%s)', (actorId, expected) => {
    expect(mayEndUserFollow(actorId, follow)).toBe(expected);
  });
});
