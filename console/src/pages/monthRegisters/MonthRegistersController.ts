import { makeAutoObservable, runInAction } from 'mobx';
import type { MonthRegisterAnswer, MonthRegisterEdit, MonthRegisterRow } from '@shared/schemas/monthRegisters';
import type { MonthRegistersApi } from './monthRegistersApi';

/** The month before `now`'s (YYYY-MM), in the browser's calendar: the month a bill is checked for. */
export function lastMonth(now = new Date()): string {
  const date = new Date(now.getFullYear(), now.getMonth() - 1, 1);
  return `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}`;
}

/** /settlement/power-month-record, headless: the chosen month and department, the record, typing registers in. */
export class MonthRegistersController {
  month: string;
  departmentId: number | undefined = undefined;
  answer: MonthRegisterAnswer | null = null;
  loading = false;
  failed = false;
  saving = false;
  private asked = 0;

  constructor(
    private readonly api: MonthRegistersApi,
    month = lastMonth(),
  ) {
    this.month = month;
    makeAutoObservable<MonthRegistersController, 'api' | 'asked'>(this, { api: false, asked: false }, { autoBind: true });
  }

  get rows(): MonthRegisterRow[] {
    return this.answer?.rows ?? [];
  }

  get query() {
    return { month: this.month, ...(this.departmentId === undefined ? {} : { departmentId: this.departmentId }) };
  }

  setMonth(month: string): Promise<void> {
    this.month = month;
    return this.load();
  }

  setDepartment(departmentId: number | undefined): Promise<void> {
    this.departmentId = departmentId;
    return this.load();
  }

  /** Loads the record; a late answer to an older choice is dropped. */
  async load(): Promise<void> {
    const ask = ++this.asked;
    this.loading = true;
    try {
      const answer = await this.api.list(this.query);
      if (ask !== this.asked) return;
      runInAction(() => {
        this.answer = answer;
        this.failed = false;
      });
    } catch {
      if (ask === this.asked) runInAction(() => (this.failed = true));
    } finally {
      if (ask === this.asked) runInAction(() => (this.loading = false));
    }
  }

  /** Saves typed registers and puts the answered row in place; throws the server's refusal for the form. */
  async save(body: MonthRegisterEdit): Promise<MonthRegisterRow> {
    this.saving = true;
    try {
      const row = await this.api.edit(body);
      runInAction(() => {
        if (this.answer && this.answer.month === body.month)
          this.answer = { ...this.answer, rows: this.answer.rows.map((existing) => (existing.meterId === row.meterId ? row : existing)) };
      });
      return row;
    } finally {
      runInAction(() => (this.saving = false));
    }
  }
}
