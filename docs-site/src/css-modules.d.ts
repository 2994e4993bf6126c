/** Gatsby compiles `*.module.css` to named exports: one class name per class of the file. */
declare module '*.module.css' {
  const classes: { readonly [className: string]: string };
  export = classes;
}

/** A plain stylesheet imported for its side effect (third-party markup, e.g. nprogress). */
declare module '*.css';
