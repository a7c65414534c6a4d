//! Compact drafts: every answers struct is written without the fields that hold the value the
//! struct's own `Default` gives them, because a reader fills a missing field from that `Default`
//! (every answers struct has `#[serde(default)]` at struct level).
//!
//! The value is first written through serde into a [`Node`] tree, which keeps each struct's name
//! and each field's name exactly as serde gives them (so `rename` and `skip_serializing` are
//! already applied). Each answers struct's `Default` is written the same way once
//! ([`defaults`]). A field is left out only when its tree equals the tree of the same field of
//! its struct's default: whatever reads the full value reads the same from the default, so
//! nothing is left out that a reader could take for another value, also for hand-written
//! defaults (a homestead occupied 12 months), `Option`s whose default is `Some`, enums and
//! amounts written with another scale (`"0.00"` is kept, as it is not `"0"`). A struct not in
//! the list (the draft itself, a recovery file's frame) is written whole. The tree is then
//! written by `ron` as before, pretty and with struct names.
//!
//! The list of answers structs is checked by the crate's tests: every struct reached from a
//! draft with every answer given is in it, and every struct in the answers' source files.

use std::collections::HashMap;
use std::sync::OnceLock;

use serde::ser::{self, Serialize, Serializer};

/// A value as serde wrote it: enough to write it again identically and to compare it with a
/// default.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Node {
    /// `true` or `false`.
    Bool(bool),
    /// A signed whole number (any width).
    I64(i64),
    /// A signed 128-bit whole number.
    I128(i128),
    /// An unsigned whole number (any width up to 64 bits).
    U64(u64),
    /// An unsigned 128-bit whole number.
    U128(u128),
    /// One character.
    Char(char),
    /// Text (amounts and dates are text in drafts).
    Str(String),
    /// Bytes.
    Bytes(Vec<u8>),
    /// An absent `Option`.
    None,
    /// A present `Option`.
    Some(Box<Node>),
    /// `()`.
    Unit,
    /// A struct without fields.
    UnitStruct(&'static str),
    /// An enum choice without data.
    UnitVariant(&'static str, u32, &'static str),
    /// A struct wrapping one value.
    NewtypeStruct(&'static str, Box<Node>),
    /// An enum choice with one value.
    NewtypeVariant(&'static str, u32, &'static str, Box<Node>),
    /// A list.
    Seq(Vec<Node>),
    /// A tuple.
    Tuple(Vec<Node>),
    /// A tuple struct.
    TupleStruct(&'static str, Vec<Node>),
    /// An enum choice with several values.
    TupleVariant(&'static str, u32, &'static str, Vec<Node>),
    /// A map, in serde's order.
    Map(Vec<(Node, Node)>),
    /// A struct: its name and its fields as written, in order.
    Struct(&'static str, Vec<(&'static str, Node)>),
    /// An enum choice with named fields (never shortened: it has no default to fill them).
    StructVariant(&'static str, u32, &'static str, Vec<(&'static str, Node)>),
}

/// Write `value` into a [`Node`] tree.
///
/// # Errors
/// When the value's `Serialize` fails (a custom one; the answers' never do).
pub fn to_node<T: Serialize + ?Sized>(value: &T) -> Result<Node, ron::Error> {
    value.serialize(NodeWriter)
}

/// Write `value` as pretty RON text with `config`, every answers struct without its default
/// fields.
///
/// # Errors
/// When the value's `Serialize` fails or `ron` cannot write it.
pub fn to_string_pretty<T: Serialize + ?Sized>(
    value: &T,
    config: ron::ser::PrettyConfig,
) -> Result<String, ron::Error> {
    let tree = leave_out_defaults(to_node(value)?, defaults());
    ron::ser::to_string_pretty(&tree, config)
}

/// The fields of listed structs that `value` is written with (`W2.employer_id`), each once: for
/// the tests that every field of every answers struct is written when it is not the default.
///
/// # Errors
/// When the value's `Serialize` fails.
pub fn kept_fields<T: Serialize + ?Sized>(
    value: &T,
) -> Result<std::collections::BTreeSet<String>, ron::Error> {
    let mut out = std::collections::BTreeSet::new();
    collect_kept(&to_node(value)?, defaults(), &mut out);
    Ok(out)
}

/// The fields a listed struct is written with at most (those its `Default` writes: not the
/// `skip_serializing` ones), in order; `None` for a struct not listed.
#[must_use]
pub fn written_fields(name: &str) -> Option<Vec<&'static str>> {
    defaults()
        .get(name)
        .map(|fields| fields.iter().map(|(k, _)| *k).collect())
}

/// The names of the structs in `value`'s tree (for the test that every answers struct is
/// listed).
///
/// # Errors
/// When the value's `Serialize` fails.
pub fn struct_names<T: Serialize + ?Sized>(
    value: &T,
) -> Result<std::collections::BTreeSet<&'static str>, ron::Error> {
    fn walk(node: &Node, out: &mut std::collections::BTreeSet<&'static str>) {
        match node {
            Node::Struct(name, fields) => {
                out.insert(name);
                fields.iter().for_each(|(_, v)| walk(v, out));
            }
            Node::StructVariant(_, _, _, fields) => fields.iter().for_each(|(_, v)| walk(v, out)),
            Node::Some(v) | Node::NewtypeStruct(_, v) | Node::NewtypeVariant(_, _, _, v) => {
                walk(v, out);
            }
            Node::Seq(v) | Node::Tuple(v) | Node::TupleStruct(_, v) => {
                v.iter().for_each(|n| walk(n, out));
            }
            Node::TupleVariant(_, _, _, v) => v.iter().for_each(|n| walk(n, out)),
            Node::Map(entries) => entries.iter().for_each(|(k, v)| {
                walk(k, out);
                walk(v, out);
            }),
            _ => {}
        }
    }
    let mut out = std::collections::BTreeSet::new();
    walk(&to_node(value)?, &mut out);
    Ok(out)
}

/// The names of the structs whose default fields are left out.
#[must_use]
pub fn shortened_structs() -> Vec<&'static str> {
    let mut names: Vec<_> = defaults().keys().copied().collect();
    names.sort_unstable();
    names
}

/// Each answers struct's fields as its `Default` writes them, by struct name.
type Defaults = HashMap<&'static str, Vec<(&'static str, Node)>>;

/// Every answers struct's default, written once.
fn defaults() -> &'static Defaults {
    static DEFAULTS: OnceLock<Defaults> = OnceLock::new();
    DEFAULTS.get_or_init(|| {
        use crate::answers as a;
        let mut map = Defaults::new();
        macro_rules! add {
            ($($t:ty),* $(,)?) => {$(
                // A default that cannot be written is left out of the list: its struct is then
                // written whole, which is always safe.
                if let Ok(Node::Struct(name, fields)) = to_node(&<$t>::default()) {
                    map.insert(name, fields);
                }
            )*};
        }
        add!(
            a::Answers,
            a::Person,
            a::NjResidency,
            a::Sourcing,
            a::Dependent,
            a::W2,
            a::Interest,
            a::Dividends,
            a::Retirement,
            a::Business,
            a::ResidenceSale,
            a::PropertySale,
            a::PassThrough,
            a::Rental,
            a::GamblingWin,
            a::Gambling,
            a::OtherIncome,
            a::Income,
            a::Deductions,
            a::Homestead,
            a::OtherJurisdiction,
            a::Federal,
            a::CareExpenses,
            a::EstimatedPayment,
            a::Address,
            a::LastYear,
            a::Payments,
            a::EnteredAmounts,
            a::Contribution,
            a::RefundChoices,
            a::DirectDeposit,
            a::Options,
            a::DomesticPartner,
            a::Unreadable,
            a::Amendment,
            a::AmendReasons,
            a::OriginalReturn,
            a::EntityCreditShare,
            a::ShelteredWorkshopBusiness,
            a::ShelteredWorkshopEmployee,
            a::ImpairedEmployeeCertificate,
            a::ImpairedEmployeeEstimate,
            a::OrganDonorLeave,
            a::CertifiedCredit,
            a::VeteranCare,
            a::ApprenticeshipProgram,
            a::UnitConcretePurchase,
            a::EpdAnalysis,
            a::EmergingTechInvestment,
            a::WageTaxJudgment,
            a::BaitShare,
            a::CarryoverEntry,
            a::BusinessCredits,
            a::StatusChange,
            a::ReviewNote,
            a::Resolved,
            a::ClinicRecord,
            a::IncomeByPeriod,
            a::WithholdingTiming,
            a::EstimatedTaxFacts,
            a::FilingDates,
            a::NextYearPlan,
            a::Coverage,
            a::HealthCoverage,
        );
        map
    })
}

/// The tree without the default fields of every listed struct (compared before anything inside
/// them is left out).
fn leave_out_defaults(node: Node, defaults: &Defaults) -> Node {
    let again = |n: Node| leave_out_defaults(n, defaults);
    let all = |v: Vec<Node>| v.into_iter().map(again).collect::<Vec<_>>();
    match node {
        Node::Struct(name, fields) => {
            let default = defaults.get(name);
            let kept = fields
                .into_iter()
                .filter(|(key, value)| !is_default(default, key, value))
                .map(|(key, value)| (key, again(value)))
                .collect();
            Node::Struct(name, kept)
        }
        Node::StructVariant(name, i, variant, fields) => Node::StructVariant(
            name,
            i,
            variant,
            fields.into_iter().map(|(k, v)| (k, again(v))).collect(),
        ),
        Node::Some(v) => Node::Some(Box::new(again(*v))),
        Node::NewtypeStruct(name, v) => Node::NewtypeStruct(name, Box::new(again(*v))),
        Node::NewtypeVariant(name, i, variant, v) => {
            Node::NewtypeVariant(name, i, variant, Box::new(again(*v)))
        }
        Node::Seq(v) => Node::Seq(all(v)),
        Node::Tuple(v) => Node::Tuple(all(v)),
        Node::TupleStruct(name, v) => Node::TupleStruct(name, all(v)),
        Node::TupleVariant(name, i, variant, v) => Node::TupleVariant(name, i, variant, all(v)),
        Node::Map(entries) => Node::Map(
            entries
                .into_iter()
                .map(|(k, v)| (again(k), again(v)))
                .collect(),
        ),
        leaf => leaf,
    }
}

/// Whether `value` is what the struct's default writes for the field `key`.
fn is_default(default: Option<&Vec<(&'static str, Node)>>, key: &str, value: &Node) -> bool {
    default.is_some_and(|fields| fields.iter().any(|(k, v)| *k == key && v == value))
}

/// The fields of listed structs that [`leave_out_defaults`] keeps, as `Struct.field`.
fn collect_kept(node: &Node, defaults: &Defaults, out: &mut std::collections::BTreeSet<String>) {
    match node {
        Node::Struct(name, fields) => {
            let default = defaults.get(name);
            for (key, value) in fields {
                if !is_default(default, key, value) {
                    if default.is_some() {
                        out.insert(format!("{name}.{key}"));
                    }
                    collect_kept(value, defaults, out);
                }
            }
        }
        Node::StructVariant(_, _, _, fields) => fields
            .iter()
            .for_each(|(_, v)| collect_kept(v, defaults, out)),
        Node::Some(v) | Node::NewtypeStruct(_, v) | Node::NewtypeVariant(_, _, _, v) => {
            collect_kept(v, defaults, out);
        }
        Node::Seq(v)
        | Node::Tuple(v)
        | Node::TupleStruct(_, v)
        | Node::TupleVariant(_, _, _, v) => {
            v.iter().for_each(|n| collect_kept(n, defaults, out));
        }
        Node::Map(entries) => entries.iter().for_each(|(k, v)| {
            collect_kept(k, defaults, out);
            collect_kept(v, defaults, out);
        }),
        _ => {}
    }
}

impl Serialize for Node {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use ser::{
            SerializeMap as _, SerializeSeq as _, SerializeStruct as _,
            SerializeStructVariant as _, SerializeTuple as _, SerializeTupleStruct as _,
            SerializeTupleVariant as _,
        };
        match self {
            Self::Bool(v) => s.serialize_bool(*v),
            Self::I64(v) => s.serialize_i64(*v),
            Self::I128(v) => s.serialize_i128(*v),
            Self::U64(v) => s.serialize_u64(*v),
            Self::U128(v) => s.serialize_u128(*v),
            Self::Char(v) => s.serialize_char(*v),
            Self::Str(v) => s.serialize_str(v),
            Self::Bytes(v) => s.serialize_bytes(v),
            Self::None => s.serialize_none(),
            Self::Some(v) => s.serialize_some(v.as_ref()),
            Self::Unit => s.serialize_unit(),
            Self::UnitStruct(name) => s.serialize_unit_struct(name),
            Self::UnitVariant(name, i, variant) => s.serialize_unit_variant(name, *i, variant),
            Self::NewtypeStruct(name, v) => s.serialize_newtype_struct(name, v.as_ref()),
            Self::NewtypeVariant(name, i, variant, v) => {
                s.serialize_newtype_variant(name, *i, variant, v.as_ref())
            }
            Self::Seq(items) => {
                let mut seq = s.serialize_seq(Some(items.len()))?;
                for item in items {
                    seq.serialize_element(item)?;
                }
                seq.end()
            }
            Self::Tuple(items) => {
                let mut t = s.serialize_tuple(items.len())?;
                for item in items {
                    t.serialize_element(item)?;
                }
                t.end()
            }
            Self::TupleStruct(name, items) => {
                let mut t = s.serialize_tuple_struct(name, items.len())?;
                for item in items {
                    t.serialize_field(item)?;
                }
                t.end()
            }
            Self::TupleVariant(name, i, variant, items) => {
                let mut t = s.serialize_tuple_variant(name, *i, variant, items.len())?;
                for item in items {
                    t.serialize_field(item)?;
                }
                t.end()
            }
            Self::Map(entries) => {
                let mut m = s.serialize_map(Some(entries.len()))?;
                for (k, v) in entries {
                    m.serialize_entry(k, v)?;
                }
                m.end()
            }
            Self::Struct(name, fields) => {
                let mut st = s.serialize_struct(name, fields.len())?;
                for (k, v) in fields {
                    st.serialize_field(k, v)?;
                }
                st.end()
            }
            Self::StructVariant(name, i, variant, fields) => {
                let mut st = s.serialize_struct_variant(name, *i, variant, fields.len())?;
                for (k, v) in fields {
                    st.serialize_field(k, v)?;
                }
                st.end()
            }
        }
    }
}

/// The serializer that writes a [`Node`].
struct NodeWriter;

/// A list, tuple or map being written.
struct Items {
    kind: ItemsKind,
    items: Vec<Node>,
    /// A map's key waiting for its value.
    key: Option<Node>,
    entries: Vec<(Node, Node)>,
}

/// What [`Items`] becomes.
enum ItemsKind {
    Seq,
    Tuple,
    TupleStruct(&'static str),
    TupleVariant(&'static str, u32, &'static str),
    Map,
}

/// A struct being written.
struct Fields {
    variant: Option<(u32, &'static str)>,
    name: &'static str,
    fields: Vec<(&'static str, Node)>,
}

impl Items {
    fn new(kind: ItemsKind, len: Option<usize>) -> Self {
        Self {
            kind,
            items: Vec::with_capacity(len.unwrap_or(0).min(4096)),
            key: None,
            entries: Vec::new(),
        }
    }

    fn finish(self) -> Node {
        match self.kind {
            ItemsKind::Seq => Node::Seq(self.items),
            ItemsKind::Tuple => Node::Tuple(self.items),
            ItemsKind::TupleStruct(name) => Node::TupleStruct(name, self.items),
            ItemsKind::TupleVariant(name, i, variant) => {
                Node::TupleVariant(name, i, variant, self.items)
            }
            ItemsKind::Map => Node::Map(self.entries),
        }
    }
}

impl Serializer for NodeWriter {
    type Ok = Node;
    type Error = ron::Error;
    type SerializeSeq = Items;
    type SerializeTuple = Items;
    type SerializeTupleStruct = Items;
    type SerializeTupleVariant = Items;
    type SerializeMap = Items;
    type SerializeStruct = Fields;
    type SerializeStructVariant = Fields;

    fn serialize_bool(self, v: bool) -> Result<Node, ron::Error> {
        Ok(Node::Bool(v))
    }
    fn serialize_i8(self, v: i8) -> Result<Node, ron::Error> {
        Ok(Node::I64(v.into()))
    }
    fn serialize_i16(self, v: i16) -> Result<Node, ron::Error> {
        Ok(Node::I64(v.into()))
    }
    fn serialize_i32(self, v: i32) -> Result<Node, ron::Error> {
        Ok(Node::I64(v.into()))
    }
    fn serialize_i64(self, v: i64) -> Result<Node, ron::Error> {
        Ok(Node::I64(v))
    }
    fn serialize_i128(self, v: i128) -> Result<Node, ron::Error> {
        Ok(Node::I128(v))
    }
    fn serialize_u8(self, v: u8) -> Result<Node, ron::Error> {
        Ok(Node::U64(v.into()))
    }
    fn serialize_u16(self, v: u16) -> Result<Node, ron::Error> {
        Ok(Node::U64(v.into()))
    }
    fn serialize_u32(self, v: u32) -> Result<Node, ron::Error> {
        Ok(Node::U64(v.into()))
    }
    fn serialize_u64(self, v: u64) -> Result<Node, ron::Error> {
        Ok(Node::U64(v))
    }
    fn serialize_u128(self, v: u128) -> Result<Node, ron::Error> {
        Ok(Node::U128(v))
    }
    // No answer holds a floating-point number (amounts are decimals): refused, never rounded.
    fn serialize_f32(self, _v: f32) -> Result<Node, ron::Error> {
        Err(ser::Error::custom("a draft holds no floating-point number"))
    }
    fn serialize_f64(self, _v: f64) -> Result<Node, ron::Error> {
        Err(ser::Error::custom("a draft holds no floating-point number"))
    }
    fn serialize_char(self, v: char) -> Result<Node, ron::Error> {
        Ok(Node::Char(v))
    }
    fn serialize_str(self, v: &str) -> Result<Node, ron::Error> {
        Ok(Node::Str(v.to_owned()))
    }
    fn serialize_bytes(self, v: &[u8]) -> Result<Node, ron::Error> {
        Ok(Node::Bytes(v.to_vec()))
    }
    fn serialize_none(self) -> Result<Node, ron::Error> {
        Ok(Node::None)
    }
    fn serialize_some<T: Serialize + ?Sized>(self, value: &T) -> Result<Node, ron::Error> {
        Ok(Node::Some(Box::new(value.serialize(self)?)))
    }
    fn serialize_unit(self) -> Result<Node, ron::Error> {
        Ok(Node::Unit)
    }
    fn serialize_unit_struct(self, name: &'static str) -> Result<Node, ron::Error> {
        Ok(Node::UnitStruct(name))
    }
    fn serialize_unit_variant(
        self,
        name: &'static str,
        i: u32,
        variant: &'static str,
    ) -> Result<Node, ron::Error> {
        Ok(Node::UnitVariant(name, i, variant))
    }
    fn serialize_newtype_struct<T: Serialize + ?Sized>(
        self,
        name: &'static str,
        value: &T,
    ) -> Result<Node, ron::Error> {
        Ok(Node::NewtypeStruct(name, Box::new(value.serialize(self)?)))
    }
    fn serialize_newtype_variant<T: Serialize + ?Sized>(
        self,
        name: &'static str,
        i: u32,
        variant: &'static str,
        value: &T,
    ) -> Result<Node, ron::Error> {
        Ok(Node::NewtypeVariant(
            name,
            i,
            variant,
            Box::new(value.serialize(self)?),
        ))
    }
    fn serialize_seq(self, len: Option<usize>) -> Result<Items, ron::Error> {
        Ok(Items::new(ItemsKind::Seq, len))
    }
    fn serialize_tuple(self, len: usize) -> Result<Items, ron::Error> {
        Ok(Items::new(ItemsKind::Tuple, Some(len)))
    }
    fn serialize_tuple_struct(self, name: &'static str, len: usize) -> Result<Items, ron::Error> {
        Ok(Items::new(ItemsKind::TupleStruct(name), Some(len)))
    }
    fn serialize_tuple_variant(
        self,
        name: &'static str,
        i: u32,
        variant: &'static str,
        len: usize,
    ) -> Result<Items, ron::Error> {
        Ok(Items::new(
            ItemsKind::TupleVariant(name, i, variant),
            Some(len),
        ))
    }
    fn serialize_map(self, len: Option<usize>) -> Result<Items, ron::Error> {
        Ok(Items::new(ItemsKind::Map, len))
    }
    fn serialize_struct(self, name: &'static str, len: usize) -> Result<Fields, ron::Error> {
        Ok(Fields {
            variant: None,
            name,
            fields: Vec::with_capacity(len),
        })
    }
    fn serialize_struct_variant(
        self,
        name: &'static str,
        i: u32,
        variant: &'static str,
        len: usize,
    ) -> Result<Fields, ron::Error> {
        Ok(Fields {
            variant: Some((i, variant)),
            name,
            fields: Vec::with_capacity(len),
        })
    }
}

impl ser::SerializeSeq for Items {
    type Ok = Node;
    type Error = ron::Error;
    fn serialize_element<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<(), ron::Error> {
        self.items.push(value.serialize(NodeWriter)?);
        Ok(())
    }
    fn end(self) -> Result<Node, ron::Error> {
        Ok(self.finish())
    }
}

impl ser::SerializeTuple for Items {
    type Ok = Node;
    type Error = ron::Error;
    fn serialize_element<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<(), ron::Error> {
        self.items.push(value.serialize(NodeWriter)?);
        Ok(())
    }
    fn end(self) -> Result<Node, ron::Error> {
        Ok(self.finish())
    }
}

impl ser::SerializeTupleStruct for Items {
    type Ok = Node;
    type Error = ron::Error;
    fn serialize_field<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<(), ron::Error> {
        self.items.push(value.serialize(NodeWriter)?);
        Ok(())
    }
    fn end(self) -> Result<Node, ron::Error> {
        Ok(self.finish())
    }
}

impl ser::SerializeTupleVariant for Items {
    type Ok = Node;
    type Error = ron::Error;
    fn serialize_field<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<(), ron::Error> {
        self.items.push(value.serialize(NodeWriter)?);
        Ok(())
    }
    fn end(self) -> Result<Node, ron::Error> {
        Ok(self.finish())
    }
}

impl ser::SerializeMap for Items {
    type Ok = Node;
    type Error = ron::Error;
    fn serialize_key<T: Serialize + ?Sized>(&mut self, key: &T) -> Result<(), ron::Error> {
        self.key = Some(key.serialize(NodeWriter)?);
        Ok(())
    }
    fn serialize_value<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<(), ron::Error> {
        let key = self
            .key
            .take()
            .ok_or_else(|| <ron::Error as ser::Error>::custom("a map value without its key"))?;
        self.entries.push((key, value.serialize(NodeWriter)?));
        Ok(())
    }
    fn end(self) -> Result<Node, ron::Error> {
        Ok(self.finish())
    }
}

impl ser::SerializeStruct for Fields {
    type Ok = Node;
    type Error = ron::Error;
    fn serialize_field<T: Serialize + ?Sized>(
        &mut self,
        key: &'static str,
        value: &T,
    ) -> Result<(), ron::Error> {
        self.fields.push((key, value.serialize(NodeWriter)?));
        Ok(())
    }
    fn end(self) -> Result<Node, ron::Error> {
        Ok(match self.variant {
            None => Node::Struct(self.name, self.fields),
            Some((i, variant)) => Node::StructVariant(self.name, i, variant, self.fields),
        })
    }
}

impl ser::SerializeStructVariant for Fields {
    type Ok = Node;
    type Error = ron::Error;
    fn serialize_field<T: Serialize + ?Sized>(
        &mut self,
        key: &'static str,
        value: &T,
    ) -> Result<(), ron::Error> {
        self.fields.push((key, value.serialize(NodeWriter)?));
        Ok(())
    }
    fn end(self) -> Result<Node, ron::Error> {
        Ok(match self.variant {
            None => Node::Struct(self.name, self.fields),
            Some((i, variant)) => Node::StructVariant(self.name, i, variant, self.fields),
        })
    }
}
