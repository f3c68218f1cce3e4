import { meterResource } from '@shared/resources';
import { ResourceListPage } from '../../resources/ResourceListPage';

/** The list screen, generated from its resource definition. */
export function MetersPage() {
  return <ResourceListPage definition={meterResource} />;
}
