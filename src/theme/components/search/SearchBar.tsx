/** Placeholder slot for the search bar; the search client fills it in (see src/client/search). */
export function SearchBar() {
  return null;
}
