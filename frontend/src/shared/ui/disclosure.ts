/**
 * The ARIA of a button that shows and hides a region (details, a slot's tasks, a menu):
 * aria-expanded, and aria-controls only while the region is in the page, since an id that names
 * nothing is an accessibility fault.
 */
export function disclosureProps(expanded: boolean, regionId: string): { 'aria-expanded': boolean; 'aria-controls': string | undefined } {
  return { 'aria-expanded': expanded, 'aria-controls': expanded ? regionId : undefined };
}
