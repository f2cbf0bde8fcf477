// openapi-typescript prints its output with the TypeScript 5 compiler API, which TypeScript 7
// (the project's compiler, a native binary) no longer ships: only its imports get version 5.
export async function resolve(specifier, context, next) {
  if (
    specifier === 'typescript' &&
    context.parentURL?.includes('/node_modules/openapi-typescript/')
  )
    return next('typescript5', context);
  return next(specifier, context);
}
