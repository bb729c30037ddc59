import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import type { DependencyContainer } from 'tsyringe';
import { GetUser } from '../../../application/users/get-user';
import { RemoveAvatar } from '../../../application/users/remove-avatar';
import { SetAvatar } from '../../../application/users/set-avatar';
import { DomainError } from '../../../domain/domain-error';
import { EmptyEnvelope, SingleEnvelope, empty, single } from '../envelope';
import { uploadField, uploadFrom } from '../images/upload';
import { Links } from '../links';
import { presentUser } from './user.presenter';
import { User } from './user.schemas';

/** The file fields of an avatar upload, in the order they are looked at. */
const AVATAR_FIELDS = ['avatar', 'image_file', 'image'] as const;

const AvatarBody = Type.Object({
  avatar: uploadField('The new avatar; EXIF is removed.'),
  image_file: uploadField('The same as avatar.'),
  image: uploadField('The same as avatar.'),
});

/** Uploading and removing the signed-in user's avatar (**ext**: the specification only shows `hasAvatar`). */
export function registerAvatarRoutes(app: FastifyInstance, container: DependencyContainer): void {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  const links = container.resolve(Links);
  const getUser = container.resolve(GetUser);
  const setAvatar = container.resolve(SetAvatar);
  const removeAvatar = container.resolve(RemoveAvatar);

  api.put('/v2/users/me/avatar', {
    config: { scope: 'write' },
    schema: {
      summary: 'Upload your avatar (multipart field `avatar`, or `image_file`/`image`)', tags: ['users'],
      description: 'Sets the token\'s user\'s avatar (scope `write`), replacing any they had, and answers 200 with their User, whose '
        + '`avatar.hasAvatar` is now true. Send `multipart/form-data` with a JPEG, PNG or WebP file of at most 20 MiB; its metadata is removed.',
      consumes: ['multipart/form-data'], body: Type.Optional(AvatarBody), response: { 200: SingleEnvelope(User) },
    },
  }, async (request) => {
    const upload = uploadFrom(request.body ?? {}, AVATAR_FIELDS);
    if (!upload) {
      throw DomainError.invalid([{ name: 'avatar', problem: 'is required: a JPEG, PNG or WebP file sent as multipart/form-data' }]);
    }
    const userId = await setAvatar.execute(request.actor, upload);
    return single(presentUser(await getUser.execute(request.actor, { id: userId }), links, true));
  });

  api.delete('/v2/users/me/avatar', {
    config: { scope: 'write' },
    schema: {
      summary: 'Remove your avatar', tags: ['users'],
      description: 'Removes the token\'s user\'s uploaded avatar and its file (scope `write`); 404 when they have none. Their `avatar.urlRoot` '
        + 'then answers 404.',
      response: { 200: EmptyEnvelope },
    },
  }, async (request) => {
    await removeAvatar.execute(request.actor);
    return empty();
  });
}
