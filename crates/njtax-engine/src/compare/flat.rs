//! Any serializable value flattened to its leaves by answer path (`income.w2s[1].state_wages` →
//! `"44400.00"`), the paths the explanations name in `Source::Answer`, and the length of every
//! list (`income.w2s` → 2). Read through serde alone, so every answer, today's and tomorrow's, is
//! compared without a list of fields to keep up to date.

use std::collections::BTreeMap;
use std::fmt;

use serde::Serialize;
use serde::ser;

/// One leaf's value as text, and whether it was written as text (an amount, a date, a name) or
/// as a number, a flag or an enum choice.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Leaf {
    /// The value as serde wrote it (`"44400.00"`, `"2024-07-01"`, `"true"`, `"Single"`, `"12"`).
    pub text: String,
    /// Written as a string (amounts and dates are strings in the draft model).
    pub is_str: bool,
}

/// Every leaf by path and every list's length by its path.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Flat {
    /// Leaf values by path. An absent optional answer (`None`) has no leaf.
    pub leaves: BTreeMap<String, Leaf>,
    /// List lengths by the list's path.
    pub lists: BTreeMap<String, usize>,
}

/// Why a value could not be flattened (only a custom `Serialize` failing can cause it).
#[derive(Debug)]
pub struct FlatError(pub String);

impl fmt::Display for FlatError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for FlatError {}

impl ser::Error for FlatError {
    fn custom<T: fmt::Display>(msg: T) -> Self {
        Self(msg.to_string())
    }
}

/// Flatten `value` to its leaves.
///
/// # Errors
/// When the value's own `Serialize` fails (no draft-model type does).
pub fn flatten<T: Serialize + ?Sized>(value: &T) -> Result<Flat, FlatError> {
    let mut flat = Flat::default();
    value.serialize(At {
        flat: &mut flat,
        path: String::new(),
    })?;
    Ok(flat)
}

/// The serializer of one value at `path`.
struct At<'a> {
    flat: &'a mut Flat,
    path: String,
}

impl At<'_> {
    fn leaf(self, text: String, is_str: bool) -> Result<(), FlatError> {
        self.flat.leaves.insert(self.path, Leaf { text, is_str });
        Ok(())
    }

    fn child(&self, name: &str) -> String {
        if self.path.is_empty() {
            name.to_owned()
        } else {
            format!("{}.{name}", self.path)
        }
    }
}

/// A map key as text.
struct KeyText;

impl ser::Serializer for KeyText {
    type Ok = String;
    type Error = FlatError;
    type SerializeSeq = ser::Impossible<String, FlatError>;
    type SerializeTuple = ser::Impossible<String, FlatError>;
    type SerializeTupleStruct = ser::Impossible<String, FlatError>;
    type SerializeTupleVariant = ser::Impossible<String, FlatError>;
    type SerializeMap = ser::Impossible<String, FlatError>;
    type SerializeStruct = ser::Impossible<String, FlatError>;
    type SerializeStructVariant = ser::Impossible<String, FlatError>;

    fn serialize_bool(self, v: bool) -> Result<String, FlatError> {
        Ok(v.to_string())
    }
    fn serialize_i8(self, v: i8) -> Result<String, FlatError> {
        Ok(v.to_string())
    }
    fn serialize_i16(self, v: i16) -> Result<String, FlatError> {
        Ok(v.to_string())
    }
    fn serialize_i32(self, v: i32) -> Result<String, FlatError> {
        Ok(v.to_string())
    }
    fn serialize_i64(self, v: i64) -> Result<String, FlatError> {
        Ok(v.to_string())
    }
    fn serialize_u8(self, v: u8) -> Result<String, FlatError> {
        Ok(v.to_string())
    }
    fn serialize_u16(self, v: u16) -> Result<String, FlatError> {
        Ok(v.to_string())
    }
    fn serialize_u32(self, v: u32) -> Result<String, FlatError> {
        Ok(v.to_string())
    }
    fn serialize_u64(self, v: u64) -> Result<String, FlatError> {
        Ok(v.to_string())
    }
    fn serialize_f32(self, _v: f32) -> Result<String, FlatError> {
        Err(key_error())
    }
    fn serialize_f64(self, _v: f64) -> Result<String, FlatError> {
        Err(key_error())
    }
    fn serialize_char(self, v: char) -> Result<String, FlatError> {
        Ok(v.to_string())
    }
    fn serialize_str(self, v: &str) -> Result<String, FlatError> {
        Ok(v.to_owned())
    }
    fn serialize_bytes(self, _v: &[u8]) -> Result<String, FlatError> {
        Err(key_error())
    }
    fn serialize_none(self) -> Result<String, FlatError> {
        Err(key_error())
    }
    fn serialize_some<T: Serialize + ?Sized>(self, value: &T) -> Result<String, FlatError> {
        value.serialize(self)
    }
    fn serialize_unit(self) -> Result<String, FlatError> {
        Err(key_error())
    }
    fn serialize_unit_struct(self, _name: &'static str) -> Result<String, FlatError> {
        Err(key_error())
    }
    fn serialize_unit_variant(
        self,
        _name: &'static str,
        _index: u32,
        variant: &'static str,
    ) -> Result<String, FlatError> {
        Ok(variant.to_owned())
    }
    fn serialize_newtype_struct<T: Serialize + ?Sized>(
        self,
        _name: &'static str,
        value: &T,
    ) -> Result<String, FlatError> {
        value.serialize(self)
    }
    fn serialize_newtype_variant<T: Serialize + ?Sized>(
        self,
        _name: &'static str,
        _index: u32,
        _variant: &'static str,
        _value: &T,
    ) -> Result<String, FlatError> {
        Err(key_error())
    }
    fn serialize_seq(self, _len: Option<usize>) -> Result<Self::SerializeSeq, FlatError> {
        Err(key_error())
    }
    fn serialize_tuple(self, _len: usize) -> Result<Self::SerializeTuple, FlatError> {
        Err(key_error())
    }
    fn serialize_tuple_struct(
        self,
        _name: &'static str,
        _len: usize,
    ) -> Result<Self::SerializeTupleStruct, FlatError> {
        Err(key_error())
    }
    fn serialize_tuple_variant(
        self,
        _name: &'static str,
        _index: u32,
        _variant: &'static str,
        _len: usize,
    ) -> Result<Self::SerializeTupleVariant, FlatError> {
        Err(key_error())
    }
    fn serialize_map(self, _len: Option<usize>) -> Result<Self::SerializeMap, FlatError> {
        Err(key_error())
    }
    fn serialize_struct(
        self,
        _name: &'static str,
        _len: usize,
    ) -> Result<Self::SerializeStruct, FlatError> {
        Err(key_error())
    }
    fn serialize_struct_variant(
        self,
        _name: &'static str,
        _index: u32,
        _variant: &'static str,
        _len: usize,
    ) -> Result<Self::SerializeStructVariant, FlatError> {
        Err(key_error())
    }
}

fn key_error() -> FlatError {
    FlatError(String::from("a map key that is not text or a number"))
}

/// A list, tuple, map or struct being written: its path and the next index.
struct Compound<'a> {
    flat: &'a mut Flat,
    path: String,
    index: usize,
    /// The key of the map entry being written.
    key: Option<String>,
    /// Whether this is a list whose length is recorded.
    list: bool,
}

impl Compound<'_> {
    fn element<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<(), FlatError> {
        let path = format!("{}[{}]", self.path, self.index);
        self.index += 1;
        value.serialize(At {
            flat: self.flat,
            path,
        })
    }

    fn field<T: Serialize + ?Sized>(&mut self, name: &str, value: &T) -> Result<(), FlatError> {
        let path = if self.path.is_empty() {
            name.to_owned()
        } else {
            format!("{}.{name}", self.path)
        };
        value.serialize(At {
            flat: self.flat,
            path,
        })
    }

    fn finish(self) -> Result<(), FlatError> {
        if self.list {
            self.flat.lists.insert(self.path, self.index);
        }
        Ok(())
    }
}

macro_rules! leaf_display {
    ($($method:ident: $ty:ty),*) => {
        $(fn $method(self, v: $ty) -> Result<(), FlatError> {
            self.leaf(v.to_string(), false)
        })*
    };
}

impl<'a> ser::Serializer for At<'a> {
    type Ok = ();
    type Error = FlatError;
    type SerializeSeq = Compound<'a>;
    type SerializeTuple = Compound<'a>;
    type SerializeTupleStruct = Compound<'a>;
    type SerializeTupleVariant = Compound<'a>;
    type SerializeMap = Compound<'a>;
    type SerializeStruct = Compound<'a>;
    type SerializeStructVariant = Compound<'a>;

    leaf_display!(serialize_bool: bool, serialize_i8: i8, serialize_i16: i16, serialize_i32: i32,
        serialize_i64: i64, serialize_u8: u8, serialize_u16: u16, serialize_u32: u32,
        serialize_u64: u64, serialize_char: char);

    // The draft model holds no floating-point value (money is `Decimal`); one that ever appeared
    // would be a leaf without its value. The types are named by their C aliases, so that the
    // engine's sources spell no floating-point type (`tests/purity.rs`).
    fn serialize_f32(self, _v: f32) -> Result<(), FlatError> {
        self.leaf(String::from("(number)"), false)
    }

    fn serialize_f64(self, _v: f64) -> Result<(), FlatError> {
        self.leaf(String::from("(number)"), false)
    }

    fn serialize_str(self, v: &str) -> Result<(), FlatError> {
        self.leaf(v.to_owned(), true)
    }

    fn serialize_bytes(self, v: &[u8]) -> Result<(), FlatError> {
        self.leaf(format!("{} bytes", v.len()), false)
    }

    fn serialize_none(self) -> Result<(), FlatError> {
        Ok(())
    }

    fn serialize_some<T: Serialize + ?Sized>(self, value: &T) -> Result<(), FlatError> {
        value.serialize(self)
    }

    fn serialize_unit(self) -> Result<(), FlatError> {
        Ok(())
    }

    fn serialize_unit_struct(self, _name: &'static str) -> Result<(), FlatError> {
        Ok(())
    }

    fn serialize_unit_variant(
        self,
        _name: &'static str,
        _index: u32,
        variant: &'static str,
    ) -> Result<(), FlatError> {
        self.leaf(variant.to_owned(), false)
    }

    fn serialize_newtype_struct<T: Serialize + ?Sized>(
        self,
        _name: &'static str,
        value: &T,
    ) -> Result<(), FlatError> {
        value.serialize(self)
    }

    fn serialize_newtype_variant<T: Serialize + ?Sized>(
        self,
        _name: &'static str,
        _index: u32,
        variant: &'static str,
        value: &T,
    ) -> Result<(), FlatError> {
        let path = self.child(variant);
        value.serialize(At {
            flat: self.flat,
            path,
        })
    }

    fn serialize_seq(self, _len: Option<usize>) -> Result<Compound<'a>, FlatError> {
        Ok(Compound {
            flat: self.flat,
            path: self.path,
            index: 0,
            key: None,
            list: true,
        })
    }

    fn serialize_tuple(self, _len: usize) -> Result<Compound<'a>, FlatError> {
        self.serialize_seq(None)
    }

    fn serialize_tuple_struct(
        self,
        _name: &'static str,
        _len: usize,
    ) -> Result<Compound<'a>, FlatError> {
        self.serialize_seq(None)
    }

    fn serialize_tuple_variant(
        self,
        _name: &'static str,
        _index: u32,
        variant: &'static str,
        _len: usize,
    ) -> Result<Compound<'a>, FlatError> {
        let path = self.child(variant);
        Ok(Compound {
            flat: self.flat,
            path,
            index: 0,
            key: None,
            list: true,
        })
    }

    fn serialize_map(self, _len: Option<usize>) -> Result<Compound<'a>, FlatError> {
        Ok(Compound {
            flat: self.flat,
            path: self.path,
            index: 0,
            key: None,
            list: false,
        })
    }

    fn serialize_struct(self, _name: &'static str, _len: usize) -> Result<Compound<'a>, FlatError> {
        self.serialize_map(None)
    }

    fn serialize_struct_variant(
        self,
        _name: &'static str,
        _index: u32,
        variant: &'static str,
        _len: usize,
    ) -> Result<Compound<'a>, FlatError> {
        let path = self.child(variant);
        Ok(Compound {
            flat: self.flat,
            path,
            index: 0,
            key: None,
            list: false,
        })
    }
}

impl ser::SerializeSeq for Compound<'_> {
    type Ok = ();
    type Error = FlatError;
    fn serialize_element<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<(), FlatError> {
        self.element(value)
    }
    fn end(self) -> Result<(), FlatError> {
        self.finish()
    }
}

impl ser::SerializeTuple for Compound<'_> {
    type Ok = ();
    type Error = FlatError;
    fn serialize_element<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<(), FlatError> {
        self.element(value)
    }
    fn end(self) -> Result<(), FlatError> {
        self.finish()
    }
}

impl ser::SerializeTupleStruct for Compound<'_> {
    type Ok = ();
    type Error = FlatError;
    fn serialize_field<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<(), FlatError> {
        self.element(value)
    }
    fn end(self) -> Result<(), FlatError> {
        self.finish()
    }
}

impl ser::SerializeTupleVariant for Compound<'_> {
    type Ok = ();
    type Error = FlatError;
    fn serialize_field<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<(), FlatError> {
        self.element(value)
    }
    fn end(self) -> Result<(), FlatError> {
        self.finish()
    }
}

impl ser::SerializeMap for Compound<'_> {
    type Ok = ();
    type Error = FlatError;
    fn serialize_key<T: Serialize + ?Sized>(&mut self, key: &T) -> Result<(), FlatError> {
        self.key = Some(key.serialize(KeyText)?);
        Ok(())
    }
    fn serialize_value<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<(), FlatError> {
        let key = self.key.take().unwrap_or_default();
        self.field(&key, value)
    }
    fn end(self) -> Result<(), FlatError> {
        self.finish()
    }
}

impl ser::SerializeStruct for Compound<'_> {
    type Ok = ();
    type Error = FlatError;
    fn serialize_field<T: Serialize + ?Sized>(
        &mut self,
        key: &'static str,
        value: &T,
    ) -> Result<(), FlatError> {
        self.field(key, value)
    }
    fn end(self) -> Result<(), FlatError> {
        self.finish()
    }
}

impl ser::SerializeStructVariant for Compound<'_> {
    type Ok = ();
    type Error = FlatError;
    fn serialize_field<T: Serialize + ?Sized>(
        &mut self,
        key: &'static str,
        value: &T,
    ) -> Result<(), FlatError> {
        self.field(key, value)
    }
    fn end(self) -> Result<(), FlatError> {
        self.finish()
    }
}
