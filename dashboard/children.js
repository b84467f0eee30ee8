// A node's children replaced by a list of any length: replaceChildren(...list) would put every
// node of the list on the stack, and a long list (a key's requests, many scopes) overflows it.

/** Replaces `parent`'s children with `nodes` (elements or strings), in order. */
export function replaceChildrenWith(parent, nodes) {
  const fragment = document.createDocumentFragment();
  for (const node of nodes) fragment.append(node);
  parent.replaceChildren(fragment);
}
