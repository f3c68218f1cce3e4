import { tagResource } from '@shared/resources';
import { ResourceListPage } from '../../resources/ResourceListPage';

/** The list screen, generated from its resource definition. */
export function TagsPage() {
  return <ResourceListPage definition={tagResource} />;
}
