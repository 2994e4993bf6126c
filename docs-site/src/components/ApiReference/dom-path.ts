/**
 * The live reference replaces the build-time HTML with Redoc's own, element for element the
 * same. What the reader touched before Redoc was ready (the click that woke it, the element in
 * focus) is found again in the new DOM by its position: the child indices from the container.
 */
export type DomPath = number[];

export function pathTo(container: Element, target: Element): DomPath | undefined {
  const path: DomPath = [];
  let current: Element | null = target;
  while (current !== null && current !== container) {
    const parent: Element | null = current.parentElement;
    if (parent === null) return undefined;
    path.unshift(Array.prototype.indexOf.call(parent.children, current));
    current = parent;
  }
  return current === container ? path : undefined;
}

export function elementAt(container: Element, path: DomPath): Element | undefined {
  let current: Element | undefined = container;
  for (const index of path) {
    current = current?.children[index];
    if (current === undefined) return undefined;
  }
  return current;
}
