import type { Kysely } from 'kysely';
import type { FieldIssue } from '@shared/errors';
import { spriteBodySchema, type Sprite } from '@boards/widgets/mimic/spriteContract';
import type { Database } from '../db/schema';
import { AppError, validationError } from '../http/appError';
import { parseOrThrow } from '../http/zodIssues';
import type { FileService } from '../files/fileService';
import { SpriteRepository, type SpriteFields } from './spriteRepository';

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

  list(): Promise<Sprite[]> {
    return this.sprites.list();
  }

  async get(id: number): Promise<Sprite> {
    const sprite = await this.sprites.get(id);
    if (!sprite) throw notFound();
    return sprite;
  }

  async create(body: unknown, by: string): Promise<Sprite> {
    return this.sprites.create(await this.checked(body), by);
  }

  async update(id: number, body: unknown, by: string): Promise<Sprite> {
    await this.get(id); // an unknown sprite is NOT_FOUND whatever the body says
    const sprite = await this.sprites.update(id, await this.checked(body), by);
    if (!sprite) throw notFound(); // deleted meanwhile
    return sprite;
  }

  async remove(id: number): Promise<void> {
    if (!(await this.sprites.remove(id))) throw notFound();
  }

  /** The body as the contract reads it; every reference problem reported at once, under its field. */
  private async checked(body: unknown): Promise<SpriteFields> {
    const fields = parseOrThrow(spriteBodySchema, body);
    const issues: FieldIssue[] = [];
    // https:// addresses are the wall's to load; a same-origin picture must be one of ours, already uploaded.
    if (!fields.picture.startsWith('https://') && !(await this.files.isStoredUrl(fields.picture))) {
      issues.push({ field: 'picture', rule: 'not_stored', message: PICTURE_NOT_STORED });
    }
    const wanted = [...new Set(fields.icons.map((icon) => icon.meterId))];
    const known = new Set(wanted.length ? (await this.db.selectFrom('meters').select('id').where('id', 'in', wanted).execute()).map((m) => m.id) : []);
    fields.icons.forEach((icon, i) => {
      if (!known.has(icon.meterId)) issues.push({ field: `icons.${i}.meterId`, rule: 'unknown_meter', message: `No meter with id ${icon.meterId}` });
    });
    if (issues.length) throw validationError(issues);
    return fields;
  }
}
