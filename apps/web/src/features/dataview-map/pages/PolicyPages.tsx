import { useSessionUser } from '../../auth/queries';
import { DataViewFrame } from '../../dataview/components/DataViewFrame';
import { PolicyDetailPage } from '../../policy/pages/PolicyDetailPage';
import { PolicyLibraryPage } from '../../policy/pages/PolicyLibraryPage';

/**
 * /data-view/policy and its detail: the tax policy library (PolicyInfo API) inside the data view.
 * Which library the group reaches (titles and summaries, or the full text) follows
 * taxLawPolicyDatabasePermission, as on /policy and /policy2.
 */
export function DataViewPolicyPage() {
  const user = useSessionUser();
  return (
    <PolicyLibraryPage
      version={user?.taxLawPolicyDatabasePermission === 1 ? 'policy2' : 'policy'}
      Frame={DataViewFrame}
      detailPath="/data-view/policy/detail"
    />
  );
}

export function DataViewPolicyDetailPage() {
  return (
    <PolicyDetailPage Frame={DataViewFrame} libraryPath="/data-view/policy" detailPath="/data-view/policy/detail" />
  );
}
