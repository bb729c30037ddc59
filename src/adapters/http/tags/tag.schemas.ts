import { Type } from 'typebox';
import { Association } from '../common.schemas';

export const Tag = Type.Object({
  id: Type.Integer(),
  link: Type.String(),
  name: Type.String(),
  notes: Association,
});

export const TagParams = Type.Object({ tag_name: Type.String({ minLength: 1, maxLength: 200 }) });
