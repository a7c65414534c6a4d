//! The forms, schedules and worksheets a line is worked out on, as typed names: a line's
//! explanation lists them ([`crate::explain::Explanation::schedules`]) and the printout makes one
//! section per schedule used from that list, so nothing reads a schedule's name back out of a
//! citation.

use serde::Serialize;

/// A form, schedule or worksheet behind a line of the NJ-1040 or NJ-1040NR.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, strum::VariantArray)]
pub enum Schedule {
    /// Worksheet D: the other retirement income exclusion, with the special exclusion (line 28b).
    WorksheetD,
    /// Worksheet F: medical expenses (line 31).
    WorksheetF,
    /// Worksheet H: the property tax deduction or credit (lines 41 and 56) with no credit for
    /// taxes paid to other jurisdictions.
    WorksheetH,
    /// Schedule NJ-COJ: the credit for taxes paid to other jurisdictions (line 44).
    ScheduleNjCoj,
    /// Schedule NJ-COJ with Worksheet I: the property tax deduction or credit when the credit for
    /// taxes paid to other jurisdictions is claimed (lines 41 and 56).
    ScheduleNjCojWorksheetI,
    /// Schedule NJ-BUS-1 Part I: net profits from business (line 18).
    NjBus1PartI,
    /// Schedule NJ-BUS-1 Part II: distributive share of partnership income (line 21).
    NjBus1PartII,
    /// Schedule NJ-BUS-1 Part III: net pro rata share of S corporation income (line 22).
    NjBus1PartIII,
    /// Schedule NJ-BUS-1 Part IV: net gains or income from rents, royalties, patents and
    /// copyrights (line 23).
    NjBus1PartIV,
    /// Schedule NJ-BUS-2: the alternative business calculation adjustment (line 35).
    NjBus2,
    /// Schedule NJ-DOP: net gains or income from the disposition of property (line 19).
    NjDop,
    /// Schedule NJ-WCC: the wounded warrior caregivers credit (line 62).
    NjWcc,
    /// Schedule PTE-K-1: the pass-through business alternative income tax credit (line 63).
    PteK1,
    /// Form NJ-2450: excess unemployment, disability and family leave contributions
    /// (lines 59-61).
    Nj2450,
    /// Form NJ-2210: interest on underpayment of estimated tax (line 52).
    Nj2210,
    /// Schedule NJ-HCC: the shared responsibility payment (line 53c).
    NjHcc,
    /// Federal Form 2441: the federal child and dependent care credit the NJ credit is a share
    /// of (line 64).
    Form2441,
    /// The IRS earned income credit worksheet and table, for the federal credit the NJ earned
    /// income tax credit is a share of (line 58).
    FederalEic,
}

impl Schedule {
    /// The schedule's name as the form and its instructions print it.
    pub fn title(self) -> &'static str {
        match self {
            Self::WorksheetD => "Worksheet D",
            Self::WorksheetF => "Worksheet F",
            Self::WorksheetH => "Worksheet H",
            Self::ScheduleNjCoj => "Schedule NJ-COJ",
            Self::ScheduleNjCojWorksheetI => "Schedule NJ-COJ and Worksheet I",
            Self::NjBus1PartI => "Schedule NJ-BUS-1 Part I",
            Self::NjBus1PartII => "Schedule NJ-BUS-1 Part II",
            Self::NjBus1PartIII => "Schedule NJ-BUS-1 Part III",
            Self::NjBus1PartIV => "Schedule NJ-BUS-1 Part IV",
            Self::NjBus2 => "Schedule NJ-BUS-2",
            Self::NjDop => "Schedule NJ-DOP",
            Self::NjWcc => "Schedule NJ-WCC",
            Self::PteK1 => "Schedule PTE-K-1",
            Self::Nj2450 => "Form NJ-2450",
            Self::Nj2210 => "Form NJ-2210",
            Self::NjHcc => "Schedule NJ-HCC",
            Self::Form2441 => "federal Form 2441",
            Self::FederalEic => "IRS EIC Worksheet and EIC Table",
        }
    }
}

impl std::fmt::Display for Schedule {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.title())
    }
}

/// Written as its title (`"Worksheet H"`), as the citation names it.
impl Serialize for Schedule {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.title())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use strum::VariantArray;

    #[test]
    fn every_schedule_has_its_own_title() {
        let mut titles: Vec<&str> = Schedule::VARIANTS.iter().map(|s| s.title()).collect();
        let n = titles.len();
        titles.sort_unstable();
        titles.dedup();
        assert_eq!(titles.len(), n, "two schedules share a title");
        assert!(titles.iter().all(|t| !t.trim().is_empty()));
    }
}
