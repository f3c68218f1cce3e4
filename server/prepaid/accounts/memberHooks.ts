import { AppError } from '../../http/appError';
import type { ResourceHooks } from '../../resources/resourceTable';

/**
 * Members (a plain resource, shared/resources/members.ts): a member who pays for an open account is not
 * deleted, since the account's bills, receipts and pushes name them; move the account to another member (its
 * settings) or close it first. Rooms and closed accounts that name a deleted member keep no member (set null).
 */
export const memberHooks: ResourceHooks = {
  async beforeDelete(db, ids) {
    const held = await db
      .selectFrom('prepaid_accounts')
      .innerJoin('members', 'members.id', 'prepaid_accounts.member_id')
      .innerJoin('rooms', 'rooms.id', 'prepaid_accounts.room_id')
      .select(['members.name', 'rooms.code'])
      .where('prepaid_accounts.member_id', 'in', ids)
      .where('prepaid_accounts.state', '=', 'open')
      .executeTakeFirst();
    if (held)
      throw new AppError('VALIDATION_FAILED', {
        message: `Member "${String(held.name)}" pays for the open account of room "${String(held.code)}": give the account another member or close it first`,
      });
  },
};
