import type { TagView } from '../../../application/ports/tag-views';
import { association } from '../common.schemas';
import { apiPath, type Links } from '../links';

export function presentTag(tag: TagView, links: Links) {
  return {
    id: tag.id,
    link: links.tag(tag.name),
    name: tag.name,
    notes: association(tag.notesCount, apiPath('tags', tag.name, 'notes')),
  };
}
