import { Navigate, useLocation, useParams } from 'react-router-dom';

/**
 * /redirect/<path> (spec §2 refresh helper) replaces itself with /<path>: passing through another
 * route unmounts the view, so it comes back fresh. The tags bar's "refresh" navigates here.
 */
export function RefreshRedirect() {
  const { '*': rest = '' } = useParams();
  const { search, hash } = useLocation();
  return <Navigate to={`/${rest}${search}${hash}`} replace />;
}

export const refreshPath = (fullPath: string) => `/redirect${fullPath.startsWith('/') ? '' : '/'}${fullPath}`;
