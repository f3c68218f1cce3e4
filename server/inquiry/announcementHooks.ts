import { STORED_FILE_PATH_PREFIX } from '@shared/schemas/files';
import { RULE_MESSAGES } from '@shared/resources/rules';
import { validationError } from '../http/appError';
import type { ResourceHooks } from '../resources/resourceTable';

/**
 * An announcement's picture must be stored here. Its name is the SHA-256 of the bytes and the picture
 * is served publicly by that name, so naming another tree's bytes reveals nothing the name did not.
 */
export const announcementHooks: ResourceHooks = {
  async beforeWrite({ db, input }) {
    const picture = typeof input.picture === 'string' ? input.picture : '';
    if (!picture) return {};
    const sha256 = picture.slice(STORED_FILE_PATH_PREFIX.length).split('.')[0] ?? '';
    const stored = await db.selectFrom('files').select('id').where('sha256', '=', sha256).executeTakeFirst();
    if (!stored) throw validationError([{ field: 'picture', rule: 'exists', message: RULE_MESSAGES.picture }]);
    return {};
  },
};
