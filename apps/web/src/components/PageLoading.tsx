/** Shown while a lazy page's code loads. */
export function PageLoading() {
  return <div className="page-loading" role="progressbar" aria-busy="true" />;
}
