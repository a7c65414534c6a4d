//! Windows in the middle of the app that the filer must see: why a file could not be opened
//! ([`open_error`]). Each reads the app's state and sends commands; none changes anything itself.

pub mod open_error;
