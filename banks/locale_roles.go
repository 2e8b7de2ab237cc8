package banks

import "strings"

// role is the part a party plays in a British persona's history, which a
// local name plays in a country's.
type role int8

// The roles.
const (
	rNone role = iota
	rGroceries
	rEatingOut
	rTransport
	rShopping
	rHealth
	rLeisure
	rTravel
	rTobacco
	rBookmaker
	rLottery
	rStreaming
	rSchool
	rBNPL
	rMortgage
	rLocalTax
	rEnergy
	rWater
	rMobile
	rBroadband
	rInsurer
	rGym
	rCarFinance
	rTVLicence
	rCharity
	rStudentLoan
	rEducation
	rPayday
	rLandlord
	rCollector
	rSavings
	rPerson
	rIncomeTax
	rEmployer
	rAgency
	rBenefits
	rStatePension
	rPension
	rATM
	rSoftware
	rBizInsurer
	rBizTelecom
	rBizEnergy
	rBizLender
	rTaxOffice
	rBizLandlord
	rAccountant
	rSupplier
	rClient
	rAcquirer
	rAdvance
)

// britishRoles are the roles of the British generator's named parties.
var britishRoles = func() map[string]role {
	m := map[string]role{}
	add := func(r role, names ...string) {
		for _, n := range names {
			m[n] = r
		}
	}
	for _, pool := range []struct {
		r    role
		pool []merchant
	}{{rGroceries, groceries}, {rEatingOut, eatingOut}, {rTransport, transport}, {rShopping, shopping},
		{rHealth, health}, {rLeisure, leisure}, {rTravel, travel}, {rTobacco, tobacco}, {rBookmaker, bookmakers}} {
		for _, mc := range pool.pool {
			add(pool.r, partyName(mc.name))
		}
	}
	add(rLottery, "NATIONAL LOTTERY")
	add(rStreaming, streaming...)
	add(rSchool, "PARENTPAY")
	add(rBNPL, "KLARNA")
	add(rMortgage, mortgageBanks...)
	add(rEnergy, energyFirms...)
	add(rWater, waterFirms...)
	add(rMobile, mobileFirms...)
	add(rBroadband, broadband...)
	add(rInsurer, insurers...)
	add(rGym, gyms...)
	add(rCarFinance, carFinance...)
	add(rTVLicence, "TV LICENCE MBP")
	add(rCharity, charities...)
	add(rStudentLoan, "SLC RECEIPTS")
	add(rEducation, nurseries...)
	add(rEducation, courses...)
	add(rPayday, lenders...)
	add(rLandlord, landlords...)
	add(rCollector, debtCollectors...)
	add(rSavings, "MONEYBOX ISA")
	add(rPerson, people...)
	add(rIncomeTax, "HMRC SELF ASSESSMENT")
	add(rEmployer, employers...)
	add(rAgency, agencies...)
	add(rBenefits, "DWP UC")
	add(rStatePension, "DWP SP")
	add(rPension, pensionFirms...)
	add(rATM, atmOperators...)
	add(rSoftware, "XERO UK", "MICROSOFT*365", "AMAZON WEB SERVICES")
	add(rBizInsurer, "HISCOX INSURANCE")
	add(rBizTelecom, "BT BUSINESS")
	add(rBizEnergy, "BRITISH GAS BUSINESS")
	add(rBizLender, "FUNDING CIRCLE")
	add(rTaxOffice, "HMRC PAYE", "HMRC VAT", "HMRC CORP TAX", "HMRC LATE PAYMENT PENALTY")
	add(rBizLandlord, "GRAINGER ESTATES LTD")
	add(rAccountant, "HALE & CO ACCOUNTANTS")
	add(rSupplier, suppliers...)
	add(rClient, clients...)
	add(rAcquirer, acquirers...)
	add(rAdvance, advanceLenders...)
	return m
}()

// roleOf returns the role of a transaction's party; people are also paid
// as staff, and a council is named after its city.
func roleOf(tx *Transaction) role {
	if r, ok := britishRoles[tx.Counterparty]; ok {
		return r
	}
	if strings.HasSuffix(tx.Counterparty, "CITY COUNCIL") {
		return rLocalTax
	}
	return rNone
}

// word is what a payment is for, which the payer writes in its reference.
type word int8

// The words.
const (
	wBill word = iota
	wSalary
	wWeeklyPay
	wBenefits
	wStatePension
	wPension
	wAllowance
	wRent
	wInvoice
	wTax
	wTaxPenalty
	wLoan
	wInstalment
	wSocial
	wSavings
	wWinnings
	wOrder
)

// wordOf returns what a transaction's payment is for.
func wordOf(tx *Transaction, r role) word {
	switch r {
	case rEmployer:
		return wSalary
	case rAgency:
		return wWeeklyPay
	case rBenefits:
		return wBenefits
	case rStatePension:
		return wStatePension
	case rPension:
		return wPension
	case rLandlord, rBizLandlord:
		return wRent
	case rClient:
		return wInvoice
	case rIncomeTax:
		return wTax
	case rTaxOffice:
		if strings.Contains(tx.Counterparty, "PENALTY") {
			return wTaxPenalty
		}
		return wTax
	case rPayday, rCarFinance, rMortgage, rBizLender, rStudentLoan, rCollector, rAdvance:
		if tx.Amount > 0 {
			return wLoan
		}
		return wInstalment
	case rPerson:
		switch {
		case tx.TrueCategory == "business.payroll":
			return wSalary
		case tx.Reference == "ALLOWANCE":
			return wAllowance
		}
		return wSocial
	case rSavings:
		return wSavings
	case rBookmaker:
		return wWinnings
	case rSupplier:
		return wOrder
	}
	return wBill
}
