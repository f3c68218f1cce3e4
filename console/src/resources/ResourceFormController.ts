import { makeAutoObservable, runInAction } from 'mobx';
import { isApiError } from '@shared/api/apiError';
import { serverIssues } from '../forms/fieldErrors';
import { formDefaults, ruleOfMessage, validateForm, type FieldProblem, type ResourceApi, type ResourceDefinition, type ResourceRow } from '@shared/resources';

export type SaveResult = { ok: true; row: ResourceRow } | { ok: false; problems: FieldProblem[] };

/** Saving one record of a resource: the same validation as the server, then create or update. */
export class ResourceFormController {
  saving = false;

  constructor(
    private readonly api: ResourceApi,
    readonly definition: ResourceDefinition,
    /** The record being edited; undefined for a new one. */
    readonly record?: ResourceRow,
  ) {
    makeAutoObservable<ResourceFormController, 'api'>(this, { api: false, definition: false, record: false }, { autoBind: true });
  }

  get initialValues(): Record<string, unknown> {
    return this.record ?? formDefaults(this.definition);
  }

  async save(values: Record<string, unknown>): Promise<SaveResult> {
    if (this.saving) return { ok: false, problems: [] };
    const checked = validateForm(this.definition, values);
    if ('problems' in checked) return { ok: false, problems: checked.problems };
    this.saving = true;
    try {
      const row = this.record ? await this.api.update(this.record.id, checked.body) : await this.api.create(checked.body);
      return { ok: true, row };
    } catch (error) {
      // The api hook shows the server's message; a field it names also gets it under the field.
      return { ok: false, problems: isApiError(error) ? serverProblems(error, error.message) : [] };
    } finally {
      runInAction(() => (this.saving = false));
    }
  }
}

/** A refused save's issues (read by the forms' one translator) as the resource form's problems. */
function serverProblems(error: unknown, message: string): FieldProblem[] {
  const issues = serverIssues(error);
  return issues.map((issue) => ({ field: issue.field, rule: ruleOfMessage(issue.message), message: issues.length === 1 ? message : issue.message }));
}
