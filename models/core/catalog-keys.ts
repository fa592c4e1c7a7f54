/**
 * A catalogue number continues its parent's number with a dot and a running part:
 * '02.07' under risk theme '02', sub-process '01.1' under main process '01', entry '01.1.02' under '01.1'.
 * Plain code: the forms check it in the browser too.
 */
export function keyFitsParent(key: string, parent: string) {
  return key.startsWith(`${parent}.`) && key.length > parent.length + 1 && !/\s/.test(key)
}
