// The one global common/ uses that ES2023 lacks. Node and Chromium both provide the WHATWG URL; this
// declares only the members common/ reads, so common/ cannot lean on anything else either runtime has.
declare class URL {
  constructor(url: string, base?: string);
  readonly protocol: string;
  readonly username: string;
  readonly password: string;
  readonly hostname: string;
}
