import type { Kysely } from 'kysely';
import type { FieldIssue } from '@shared/errors';
import { spriteBodySchema, type Sprite } from '@shared/schemas/sprites';
import type { Database } from '../db/schema';
import { AppError, validationError } from '../http/appError';
import { parseOrThrow } from '../http/zodIssues';
import type { FileService } from '../files/fileService';
import { SpriteRepository, type SpriteFields } from './spriteRepository';
import { ownerIds, type OwnerScope } from '../tenancy/ownerScope';
import { treeOfOwner } from '../boards/ownerTree';

export const PICTURE_NOT_STORED = 'Upload the picture first: this file is not stored';

const notFound = () => new AppError('NOT_FOUND', { message: 'No such sprite' });

/** Sprites: the contract's checks, then what only the server knows (meters exist, the picture is stored). */
export class SpriteService {
  private readonly sprites: SpriteRepository;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly files: FileService,
  ) {
    this.sprites = new SpriteRepository(db);
  }

  /** The sprites of the caller's tree. */
  list(caller: OwnerScope): Promise<Sprite[]> {
    return this.sprites.list(ownerIds(caller));
  }

  async get(id: number): Promise<Sprite> {
    const sprite = await this.sprites.get(id);
    if (!sprite) throw notFound();
    return sprite;
  }

  /** A sprite of the caller's tree (its root owns it); picture and meters must be of that tree. */
  async create(body: unknown, by: string, caller: OwnerScope): Promise<Sprite> {
    return this.sprites.create(await this.checked(body, caller), by, caller.home);
  }

  /** Picture and meters must be of the sprite's own tree, whoever edits it. */
  async update(id: number, body: unknown, by: string, caller: OwnerScope): Promise<Sprite> {
    const owner = await this.sprites.ownerOf(id);
    if (owner === undefined) throw notFound(); // an unknown sprite is NOT_FOUND whatever the body says
    const sprite = await this.sprites.update(id, await this.checked(body, await treeOfOwner(this.db, caller, owner)), by);
    if (!sprite) throw notFound(); // deleted meanwhile
    return sprite;
  }

  async remove(id: number): Promise<void> {
    if (!(await this.sprites.remove(id))) throw notFound();
  }

  /**
   * The body as the contract reads it; every reference problem reported at once, under its field. The
   * picture and the meters must be of the sprite's tree (`tree`): another tree's read as missing.
   */
  private async checked(body: unknown, tree: OwnerScope): Promise<SpriteFields> {
    const fields = parseOrThrow(spriteBodySchema, body);
    const issues: FieldIssue[] = [];
    // https:// addresses are the wall's to load; a same-origin picture must be one of this tree's uploads.
    if (!fields.picture.startsWith('https://') && !(await this.files.isStoredUrl(fields.picture, tree))) {
      issues.push({ field: 'picture', rule: 'not_stored', message: PICTURE_NOT_STORED });
    }
    const wanted = [...new Set(fields.icons.map((icon) => icon.meterId))];
    const owners = ownerIds(tree);
    let meters = this.db
      .selectFrom('meters')
      .select('id')
      .where('id', 'in', wanted.length ? wanted : [0]);
    if (owners !== null) meters = meters.where('owner_user_id', 'in', owners.length ? owners : [0]);
    const known = new Set(wanted.length ? (await meters.execute()).map((m) => m.id) : []);
    fields.icons.forEach((icon, i) => {
      if (!known.has(icon.meterId)) issues.push({ field: `icons.${i}.meterId`, rule: 'unknown_meter', message: `No meter with id ${icon.meterId}` });
    });
    if (issues.length) throw validationError(issues);
    return fields;
  }
}
