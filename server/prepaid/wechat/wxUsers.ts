import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { WxUserRow, wxUserQuerySchema } from '@shared/prepaid';
import type { Database } from '../../db/schema';
import { AppError, validationError } from '../../http/appError';
import { ownerIds, ownerTreeOf, type OwnerScope } from '../../tenancy/ownerScope';

export type WxUserQuery = z.output<typeof wxUserQuerySchema>;

/** /wx/wxUser: WeChat users (openids) of a tree and the member each is bound to. A binding stays inside the tree. */
export class WxUsers {
  constructor(private readonly db: Kysely<Database>) {}

  private base(scope: OwnerScope, query: Partial<WxUserQuery>) {
    let q = this.db.selectFrom('wx_users').leftJoin('members', 'members.id', 'wx_users.member_id');
    const owners = ownerIds(scope);
    if (owners) q = q.where('wx_users.owner_user_id', 'in', owners);
    const keyword = query.keyword?.trim();
    if (keyword) {
      const like = `%${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      q = q.where((eb) => eb.or([eb('wx_users.openid', 'like', like), eb('wx_users.nickname', 'like', like), eb('members.name', 'like', like)]));
    }
    if (query.bound === true) q = q.where('wx_users.member_id', 'is not', null);
    if (query.bound === false) q = q.where('wx_users.member_id', 'is', null);
    return q;
  }

  async list(scope: OwnerScope, query: WxUserQuery): Promise<{ list: WxUserRow[]; total: number }> {
    const total = await this.base(scope, query)
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .executeTakeFirstOrThrow();
    const rows = await this.base(scope, query)
      .select([
        'wx_users.id',
        'wx_users.openid',
        'wx_users.nickname',
        'wx_users.member_id',
        'wx_users.bound_at',
        'wx_users.created_at',
        'members.name as member_name',
      ])
      .orderBy('wx_users.id', 'desc')
      .limit(query.size)
      .offset((query.page - 1) * query.size)
      .execute();
    return {
      total: Number(total.n),
      list: rows.map((row) => ({
        id: Number(row.id),
        openid: row.openid,
        nickname: row.nickname,
        memberId: row.member_id === null ? null : Number(row.member_id),
        memberName: row.member_name,
        boundAt: row.bound_at === null ? null : Number(row.bound_at),
        createdAt: Number(row.created_at),
      })),
    };
  }

  private async row(scope: OwnerScope, id: number): Promise<WxUserRow> {
    const one = await this.base(scope, {})
      .select([
        'wx_users.id',
        'wx_users.openid',
        'wx_users.nickname',
        'wx_users.member_id',
        'wx_users.bound_at',
        'wx_users.created_at',
        'members.name as member_name',
      ])
      .where('wx_users.id', '=', id)
      .executeTakeFirst();
    if (!one) throw new AppError('NOT_FOUND', { message: `WeChat user ${id} was not found` });
    return {
      id: Number(one.id),
      openid: one.openid,
      nickname: one.nickname,
      memberId: one.member_id === null ? null : Number(one.member_id),
      memberName: one.member_name,
      boundAt: one.bound_at === null ? null : Number(one.bound_at),
      createdAt: Number(one.created_at),
    };
  }

  /** Binds to a member of the WeChat user's own tree; any other member id is answered as one that does not exist. */
  async bind(scope: OwnerScope, id: number, memberId: number, now = Date.now()): Promise<WxUserRow> {
    const user = await this.db.selectFrom('wx_users').select(['owner_user_id']).where('id', '=', id).executeTakeFirst();
    if (!user) throw new AppError('NOT_FOUND', { message: `WeChat user ${id} was not found` });
    const tree = await ownerTreeOf(this.db, Number(user.owner_user_id));
    const member = await this.db.selectFrom('members').select(['owner_user_id']).where('id', '=', memberId).executeTakeFirst();
    const reachable = member && tree.owners.has(Number(member.owner_user_id)) && (scope.all || scope.owners.has(Number(member.owner_user_id)));
    if (!reachable) throw validationError([{ field: 'memberId', rule: 'exists', message: `member ${memberId} does not exist` }]);
    await this.db.updateTable('wx_users').set({ member_id: memberId, bound_at: now }).where('id', '=', id).execute();
    return this.row(scope, id);
  }

  async unbind(scope: OwnerScope, id: number): Promise<WxUserRow> {
    await this.db.updateTable('wx_users').set({ member_id: null, bound_at: null }).where('id', '=', id).execute();
    return this.row(scope, id);
  }
}
