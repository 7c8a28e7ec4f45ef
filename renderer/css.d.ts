// Stylesheets are Vite's to bundle: to the typecheck, a side-effect import of one is a module like any.
declare module '*.css' {}
