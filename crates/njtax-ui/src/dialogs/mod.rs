//! Windows in the middle of the app that the filer must see: why a file could not be opened
//! ([`open_error`]), the windows of one draft open twice ([`two_windows`]), the comparison
//! with another draft ([`compare`]), what File > Remove client data would remove ([`forget`]) and a clinic folder's roster ([`roster`]). Each reads the screen context (`crate::cx::ScreenCx`) and sends commands; none changes anything itself.

pub mod compare;
pub mod forget;
pub mod help;
pub mod open_error;
pub mod passphrase;
pub mod roster;
pub mod two_windows;
