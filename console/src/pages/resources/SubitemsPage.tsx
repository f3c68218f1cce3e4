import { subitemResource } from '@shared/resources';
import { ResourceListPage } from '../../resources/ResourceListPage';

/** The list screen, generated from its resource definition. */
export function SubitemsPage() {
  return <ResourceListPage definition={subitemResource} />;
}
