// Merchant's Companion: stands in for Rive's WebAssembly runtime, which the app does not ship
// (it shows no Rive animations). It declines, and Flutter carries on without Rive.
window.RiveNative = function () {
  return Promise.reject(new Error("Rive is not part of this app"));
};
