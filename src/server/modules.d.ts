// qrcode's server entry (imported explicitly, see images/qr.ts) has the package's types.
declare module 'qrcode/lib/server.js' {
  import QRCode from 'qrcode';
  export default QRCode;
}
// Wasm imports become compiled modules in workerd (vite plugin and vitest plugin alike).
declare module '*.wasm' {
  const module: WebAssembly.Module;
  export default module;
}
