import { departmentResource } from '@shared/resources';
import { ResourceListPage } from '../../resources/ResourceListPage';

/** The list screen, generated from its resource definition. */
export function DepartmentsPage() {
  return <ResourceListPage definition={departmentResource} />;
}
